import MixdownTime

extension SmartRenderPlan {
    /// Plans the smart render of `timeline`, whose clip `i` was scanned as `infos[i]`.
    ///
    /// - Parameters:
    ///   - timeline: the clips' layout and the composition drawing them.
    ///   - infos: each clip's scan, in the order of the timeline's clips.
    ///   - fullRender: re-encode every frame (nothing copied).
    /// - Throws: `VideoStitchError` when a copied stretch cannot be cut as planned
    ///   (a scan that contradicts itself).
    public init(timeline: VideoTimeline, infos: [VideoClipInfo], fullRender: Bool = false) throws(VideoStitchError) {
        let composition = timeline.videoComposition
        let whole = (try? MediaTimeRange(start: .zero, end: timeline.duration)) ?? MediaTimeRange(emptyAt: .zero)
        let codec = Self.outputCodec(of: timeline, infos: infos)
        guard !fullRender else {
            self.init(spans: [.encode(whole, reason: "full render")], codec: codec, notes: ["--full-render: every frame is re-encoded"])
            return
        }
        let checks = infos.map { SmartRenderClipCheck(info: $0, composition: composition, codec: codec) }
        guard checks.contains(where: { $0.problem == nil }) else {
            self.init(spans: [.encode(whole, reason: "no clip can be copied")], codec: codec,
                      notes: checks.enumerated().compactMap { index, check in
                          // Named by the clip's place in the timeline's list, gaps counted.
                          let clip = timeline.placements.first { $0.index == index }?.entryIndex ?? index
                          return check.problem.map { "clip \(clip) is re-encoded whole: \($0)" }
                      })
            return
        }
        var notes: [String] = []
        // What is drawn over every frame leaves nothing to copy: say so, since it costs the whole render.
        if timeline.duration > .zero, composition.overlaidRanges(within: whole) == [whole] {
            notes.append("an overlay shows over the whole timeline: every frame is re-encoded")
        }
        var copies: [VideoSegment] = []
        // The first clip copied sets what the others must share; one that is drawn
        // whole (faded in over its length, say) shares nothing.
        var reference: SmartRenderClipCheck?
        for place in timeline.placements {
            let check = checks[place.index]
            if let problem = check.problem ?? reference.flatMap(check.mismatch(with:)) {
                notes.append("clip \(place.entryIndex) is re-encoded whole: \(problem)")
                continue
            }
            for window in Self.unchangedWindows(of: place, in: composition) {
                if let segment = try Self.copy(window, of: place, info: infos[place.index], startsTimeline: window.start == .zero,
                                               endsTimeline: window.end == timeline.duration) {
                    copies.append(segment)
                    if reference == nil { reference = check }
                }
            }
        }
        var spans: [Span] = []
        var cursor = MediaTime.zero
        for segment in copies.sorted(by: { $0.timelineRange.start < $1.timelineRange.start }) {
            if segment.timelineRange.start > cursor, let gap = try? MediaTimeRange(start: cursor, end: segment.timelineRange.start) {
                spans.append(.encode(gap, reason: Self.reason(for: gap, in: composition)))
            }
            spans.append(.copy(segment))
            cursor = segment.timelineRange.end
        }
        if cursor < timeline.duration, let tail = try? MediaTimeRange(start: cursor, end: timeline.duration) {
            spans.append(.encode(tail, reason: Self.reason(for: tail, in: composition)))
        }
        self.init(spans: spans, codec: codec, format: reference?.info.format, reorderDelay: reference?.reorderDelay ?? 0,
                  quarterTurns: reference?.quarterTurns ?? 0, hevc: reference?.hevc, notes: notes)
    }

    /// The codec of the output's video (FFmpeg's name): HEVC when the picture is
    /// HDR or the first clip shown is HEVC, else H.264. Clips of the other
    /// codec are re-encoded into it.
    public static func outputCodec(of timeline: VideoTimeline, infos: [VideoClipInfo]) -> String {
        if timeline.videoComposition.dynamicRange.isHDR { return "hevc" }
        let first = timeline.placements.min { $0.timeRange.start < $1.timeRange.start }
        return first.map { infos[$0.index].format.codec } == "hevc" ? "hevc" : "h264"
    }

    /// The timeline ranges where `place`'s clip is shown alone and unchanged:
    /// single-layer instructions drawing its track, less the stretches where the
    /// layer's opacity, transform or crop changes its frames and those under an
    /// overlay, merged where they touch.
    static func unchangedWindows(of place: VideoTimeline.Placement, in composition: VideoComposition) -> [MediaTimeRange] {
        var windows: [MediaTimeRange] = []
        for instruction in composition.instructions where instruction.layerInstructions.count == 1 && instruction.customTransition == nil
            && instruction.layerInstructions[0].trackID == place.trackID {
            guard let range = instruction.timeRange.intersection(place.timeRange), !range.isEmpty else { continue }
            var cursor = range.start
            var pieces: [MediaTimeRange] = []
            for change in (instruction.layerInstructions[0].changedRanges(within: range) + composition.overlaidRanges(within: range)).merged() {
                if let piece = try? MediaTimeRange(start: cursor, end: change.start), !piece.isEmpty { pieces.append(piece) }
                cursor = change.end
            }
            if let piece = try? MediaTimeRange(start: cursor, end: range.end), !piece.isEmpty { pieces.append(piece) }
            for piece in pieces {
                if let last = windows.last, last.end == piece.start, let merged = try? MediaTimeRange(start: last.start, end: piece.end) {
                    windows[windows.count - 1] = merged
                } else {
                    windows.append(piece)
                }
            }
        }
        return windows
    }

    /// The copied segment of `window`: from the first IDR at or after its start
    /// (or its very start at the timeline's start) to just before the last clean
    /// keyframe at or before its end, or to the clip's end when the window reaches it.
    ///
    /// A frame is copied only if it is shown inside the window: both ends are taken
    /// to the first tick at or after them (a frame before a window's end starts
    /// before that tick; one at a tick rounded down to the start would be shown
    /// inside the change before it). A copy restarts at an IDR that is shown: a
    /// keyframe the clip's edit list hides (pre-roll) can be copied only at the
    /// timeline's start, where the output's edit list hides it again; likewise
    /// frames it hides past the clip's end only at the timeline's end, so elsewhere
    /// the copy stops at the last clean keyframe and the clip's last GOP is re-encoded.
    static func copy(_ window: MediaTimeRange, of place: VideoTimeline.Placement, info: VideoClipInfo,
                     startsTimeline: Bool, endsTimeline: Bool) throws(VideoStitchError) -> VideoSegment? {
        guard let sourceStart = try? place.sourceRange.start + (try window.start - place.timeRange.start),
              let sourceEnd = try? place.sourceRange.start + (try window.end - place.timeRange.start) else { return nil }
        let from = try info.ticks(atOrAfter: sourceStart), to = try info.ticks(atOrAfter: sourceEnd)
        // A copy never starts or stops at an open-GOP keyframe: its leading pictures need the GOP before.
        let points = info.startPoints.filter { !$0.isOpenGOP }
        let start = startsTimeline && points.contains(where: { $0.ticks == from })
            ? from : points.first { $0.ticks >= from && info.packets[$0.index].isIDR && info.packets[$0.index].pts == $0.ticks }?.ticks
        guard let start else { return nil }
        let reachesEnd = window.end == place.timeRange.end && (endsTimeline || to < info.endTicks || !info.hidesFramesPastEnd)
        let end: Int64? = reachesEnd ? to : points.last { $0.ticks <= to && $0.ticks > start }?.ticks
        guard let end, end > start else { return nil }
        let inPoint = info.time(ticks: start), outPoint = info.time(ticks: end)
        let timelineStart = try? place.timeRange.start + (try inPoint - place.sourceRange.start)
        guard let timelineStart else { return nil }
        return try VideoStitchPlan.segment(of: info, clip: VideoClipRequest(path: info.path, inPoint: inPoint, outPoint: outPoint),
                                           index: place.index, at: timelineStart, snapToKeyframes: false)
    }

    /// Why `range` is re-encoded: what the instructions and overlays over it do.
    static func reason(for range: MediaTimeRange, in composition: VideoComposition) -> String {
        let instructions = composition.instructions.filter { $0.timeRange.overlaps(range) }
        if instructions.contains(where: { $0.layerInstructions.count > 1 || $0.customTransition != nil }) { return "transition" }
        if instructions.contains(where: { $0.layerInstructions.isEmpty }) { return "gap (the background)" }
        if !composition.overlaidRanges(within: range).isEmpty { return "overlay" }
        if instructions.contains(where: { !$0.isPassThrough }) { return "ramped layer" }
        return "from the keyframe before a change to the IDR after it, or a clip that cannot be copied"
    }
}
