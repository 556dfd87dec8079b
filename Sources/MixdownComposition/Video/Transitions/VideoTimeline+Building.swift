import MixdownTime
import MixdownUnits

extension VideoTimeline {
    /// Lays out `clips` on tracks `trackIDs` (A, B) with their transitions and
    /// builds the composition: a pass-through instruction over each clip's own
    /// stretch and a two-layer instruction over each transition.
    ///
    /// - Parameters:
    ///   - clips: in play order; each one's `transitionIn` leads into it.
    ///   - trackIDs: the two composition tracks to alternate between.
    ///   - renderSize: the composition's frame size.
    ///   - frameDuration: the composition's frame duration.
    ///   - backgroundColour: the composition's background.
    /// - Throws: ``VideoCompositionError`` for an empty clip, a frame duration
    ///   that is not positive, or time arithmetic that overflows.
    public init(clips: [VideoTimelineClip], trackIDs: (a: Int, b: Int), renderSize: PixelSize, frameDuration: MediaTime,
                backgroundColour: Colour = .black) throws(VideoCompositionError) {
        guard frameDuration > .zero else { throw .invalidFrameDuration(frameDuration) }
        let lengths = clips.map(\.sourceRange.duration)
        let trackOf = { (index: Int) in index % 2 == 0 ? trackIDs.a : trackIDs.b }
        var cursor = MediaTime.zero
        var ranges: [MediaTimeRange] = []
        var placements: [Placement] = []
        var gaps: [PlacedGap] = []
        var transitions: [PlacedTransition] = []
        for (index, clip) in clips.enumerated() {
            guard !clip.sourceRange.isEmpty else {
                throw .invalidValue(at: cursor, reason: clip.isGap ? "clip \(index) is a gap of no length"
                                        : "clip \(index) plays nothing (its in-point is at its out-point)")
            }
            var start = cursor
            if index > 0, let transition = clip.transitionIn {
                // At most half the shorter clip, taken down to whole frames.
                let longest = min(lengths[index - 1], lengths[index]).halved()
                let length = try Self.time { () throws(MediaTimeError) in
                    try min(transition.duration, longest).flooredToFrame(of: frameDuration)
                }
                if length > .zero {
                    start = try Self.time { () throws(MediaTimeError) in try cursor - length }
                    transitions.append(PlacedTransition(index: index, kind: transition.kind, requested: transition.duration,
                                                        timeRange: try Self.range(start: start, duration: length)))
                }
            }
            let range = try Self.range(start: start, duration: clip.sourceRange.duration)
            ranges.append(range)
            // A gap takes its place on the timeline but plays no track.
            if clip.isGap {
                gaps.append(PlacedGap(index: index, timeRange: range))
            } else {
                placements.append(Placement(index: placements.count, entryIndex: index, trackID: trackOf(index), timeRange: range,
                                            sourceRange: clip.sourceRange))
            }
            cursor = range.end
        }
        self.placements = placements
        self.gaps = gaps
        self.transitions = transitions
        duration = cursor
        let instructions = try Self.instructions(clips: clips, ranges: ranges, trackOf: trackOf, transitions: transitions,
                                                 renderSize: renderSize, frameDuration: frameDuration)
        videoComposition = VideoComposition(renderSize: renderSize, frameDuration: frameDuration,
                                            backgroundColour: backgroundColour, instructions: instructions)
    }

    /// The instructions in timeline order: each clip's own stretch, then the
    /// transition out of it. A gap's own stretch draws no layer: the background.
    private static func instructions(clips: [VideoTimelineClip], ranges: [MediaTimeRange], trackOf: (Int) -> Int,
                                     transitions: [PlacedTransition], renderSize: PixelSize,
                                     frameDuration: MediaTime) throws(VideoCompositionError) -> [VideoCompositionInstruction] {
        var layers: [VideoCompositionLayerInstruction?] = []
        for (index, clip) in clips.enumerated() {
            layers.append(clip.isGap ? nil : try layer(of: clip, trackID: trackOf(index), start: ranges[index].start))
        }
        var instructions: [VideoCompositionInstruction] = []
        for (index, whole) in ranges.enumerated() {
            let into = transitions.first { $0.index == index }
            let out = transitions.first { $0.index == index + 1 }
            let own = try range(start: into?.timeRange.end ?? whole.start, end: out?.timeRange.start ?? whole.end)
            if !own.isEmpty {
                instructions.append(VideoCompositionInstruction(timeRange: own, layerInstructions: layers[index].map { [$0] } ?? []))
            }
            if let out {
                // Fade-through turns at a frame boundary: the background shows on the middle frame.
                let middle = try time { () throws(MediaTimeError) in
                    let frames = try out.timeRange.duration.nearestFrame(of: frameDuration)
                    return try out.timeRange.start + MediaTime(frameIndex: frames / 2, frameDuration: frameDuration)
                }
                instructions.append(transitionInstruction(out, from: layers[index], to: layers[out.index],
                                                          trackIDs: (trackOf(index), trackOf(out.index)),
                                                          renderSize: renderSize, middle: middle))
            }
        }
        return instructions
    }

    /// A clip's layer with its own ramps moved from clip time to the timeline.
    private static func layer(of clip: VideoTimelineClip, trackID: Int, start: MediaTime) throws(VideoCompositionError) -> VideoCompositionLayerInstruction {
        var layer = VideoCompositionLayerInstruction(trackID: trackID)
        layer.conform = clip.conform
        for ramp in clip.opacityRamps {
            layer.setOpacityRamp(from: ramp.start, to: ramp.end, timeRange: try shifted(ramp.timeRange, by: start))
        }
        for ramp in clip.transformRamps {
            layer.setTransformRamp(from: ramp.start, to: ramp.end, timeRange: try shifted(ramp.timeRange, by: start))
        }
        for ramp in clip.cropRamps {
            layer.setCropRectangleRamp(from: ramp.start, to: ramp.end, timeRange: try shifted(ramp.timeRange, by: start))
        }
        return layer
    }

    /// The instruction over a transition: the outgoing layer on top, the incoming
    /// one under it, each with the ramps that draw `transition.kind`.
    ///
    /// A gap's side (a nil layer) is a layer of the background colour
    /// (``VideoCompositionLayerInstruction/drawsBackground``) on the gap's track,
    /// ramped as a clip's would be: a dissolve fades a clip out to the background
    /// or the background out over the clip, a wipe uncovers either, a push
    /// moves both. Between two gaps nothing is drawn but the background.
    private static func transitionInstruction(_ transition: PlacedTransition, from outgoing: VideoCompositionLayerInstruction?,
                                              to incoming: VideoCompositionLayerInstruction?, trackIDs: (from: Int, to: Int),
                                              renderSize: PixelSize, middle: MediaTime) -> VideoCompositionInstruction {
        let range = transition.timeRange
        guard outgoing != nil || incoming != nil else { return VideoCompositionInstruction(timeRange: range, layerInstructions: []) }
        var a = outgoing ?? background(on: trackIDs.from), b = incoming ?? background(on: trackIDs.to)
        let width = Double(renderSize.width), height = Double(renderSize.height)
        let whole = CropRectangle(x: 0, y: 0, width: width, height: height)
        // Transform ramps start from what each clip's own transform is at the edge.
        let aFrom = a.transform(at: range.start), bTo = b.transform(at: range.end)
        func push(_ dx: Double, _ dy: Double) {
            a.setTransformRamp(from: aFrom, to: aFrom.translatedBy(x: dx, y: dy), timeRange: range)
            b.setTransformRamp(from: bTo.translatedBy(x: -dx, y: -dy), to: bTo, timeRange: range)
        }
        var custom: CustomTransition?
        switch transition.kind {
        case .dissolve:
            a.setOpacityRamp(from: 1, to: 0, timeRange: range)
        case .fadeThrough:
            let firstHalf = (try? MediaTimeRange(start: range.start, end: middle)) ?? range
            let secondHalf = (try? MediaTimeRange(start: middle, end: range.end)) ?? range
            a.setOpacityRamp(from: 1, to: 0, timeRange: firstHalf)
            b.setOpacityRamp(from: 0, to: 0, timeRange: firstHalf)
            b.setOpacityRamp(from: 0, to: 1, timeRange: secondHalf)
        case .pushLeft: push(-width, 0)
        case .pushRight: push(width, 0)
        case .pushUp: push(0, -height)
        case .pushDown: push(0, height)
        case .wipeLeft: a.setCropRectangleRamp(from: whole, to: CropRectangle(x: 0, y: 0, width: 0, height: height), timeRange: range)
        case .wipeRight: a.setCropRectangleRamp(from: whole, to: CropRectangle(x: width, y: 0, width: 0, height: height), timeRange: range)
        case .wipeUp: a.setCropRectangleRamp(from: whole, to: CropRectangle(x: 0, y: 0, width: width, height: 0), timeRange: range)
        case .wipeDown: a.setCropRectangleRamp(from: whole, to: CropRectangle(x: 0, y: height, width: width, height: 0), timeRange: range)
        case .diagonalWipe:
            custom = CustomTransition(kind: .diagonalWipe, fromTrackID: a.trackID, toTrackID: b.trackID, timeRange: range)
        }
        return VideoCompositionInstruction(timeRange: range, layerInstructions: [a, b], customTransition: custom)
    }

    /// A gap's layer in a transition: the background colour on `trackID`.
    private static func background(on trackID: Int) -> VideoCompositionLayerInstruction {
        var layer = VideoCompositionLayerInstruction(trackID: trackID)
        layer.drawsBackground = true
        return layer
    }

    private static func range(start: MediaTime, duration: MediaTime) throws(VideoCompositionError) -> MediaTimeRange {
        try time { () throws(MediaTimeError) in try MediaTimeRange(start: start, duration: duration) }
    }

    private static func range(start: MediaTime, end: MediaTime) throws(VideoCompositionError) -> MediaTimeRange {
        try time { () throws(MediaTimeError) in try MediaTimeRange(start: start, end: end) }
    }

    private static func shifted(_ range: MediaTimeRange, by offset: MediaTime) throws(VideoCompositionError) -> MediaTimeRange {
        try time { () throws(MediaTimeError) in try MediaTimeRange(start: try range.start + offset, duration: range.duration) }
    }

    /// Runs time arithmetic, reporting an overflow as a composition error.
    private static func time<T>(_ body: () throws(MediaTimeError) -> T) throws(VideoCompositionError) -> T {
        do { return try body() } catch { throw .invalidValue(at: .zero, reason: "time arithmetic overflows: \(error)") }
    }
}
