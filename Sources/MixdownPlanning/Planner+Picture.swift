import MixdownAudioMix
import MixdownComposition
import MixdownPlan
import MixdownProject
import MixdownTime
internal import MixdownUnits

/// The picture: the clips stitched by stream copy, or laid out with their
/// transitions, conforming, fades and ramps on two video tracks
/// (`VideoTimeline`) when they cannot simply be stitched.
extension Planner {
    /// Where one clip's picture plays, and how long the transitions into and out of it last.
    struct ClipSpan {
        var source: MediaTimeRange
        var timelineStart: MediaTime
        /// The clip's index in the project (gaps counted; they have no span).
        var clipIndex: Int
        /// Nil at a cut.
        var transitionIn: MediaTime?
        var transitionOut: MediaTime?
    }

    /// The picture stage's result.
    struct PlannedPicture {
        var video: VideoPlan = .none
        /// Each media clip's span, in project order (gaps have none).
        var clips: [ClipSpan] = []
        /// The picture's length, when there are clips.
        var end: MediaTime?
        /// How many track ids the picture takes (A and B when composed).
        var trackCount = 0
        var warnings: [String] = []
    }

    /// Where each clip's picture plays: from the stitch plan (packet timestamps,
    /// keyframe rules), for a preview as for an export, so both place the clips'
    /// audio alike; then composed when it must be. A preview scans the packets
    /// without analysing the video's format (which only the export's
    /// compatibility check needs).
    mutating func planPicture(burning burned: PlannedCaptions.Burned? = nil) throws(PlanningError) -> PlannedPicture {
        guard !project.clips.isEmpty else {
            // Nothing is drawn, but a bad image or font is still said, as with a picture.
            var warnings = drawsOverPicture ? ["\(burned.map { "\($0.field).burn" } ?? "overlays"): the timeline has no picture (no clips), so nothing is drawn over it"] : []
            for (index, item) in project.overlays.enumerated() {
                if let warning = try check(item.content) { warnings.append("overlays[\(index)]: \(warning)") }
            }
            return PlannedPicture(warnings: warnings)
        }
        let mediaIndices = try mediaClipIndices()
        let mediaClips = mediaIndices.map { project.clips[$0] }
        let infos = try media.videoClipInfos(mediaClips.map(\.path), analysingFormat: purpose != .preview, threads: threads)
        let clipInfos = mediaClips.compactMap { infos[$0.path] }
        // A composed picture conforms clips that stream copy would refuse together. A
        // preview does not analyse formats: conforming alone never moves a clip in time.
        var composes = composesVideo(clipInfos)
        // The clips' segments, as stream copy would cut them (none when every clip is a gap).
        var stitch: VideoStitchPlan?
        if !mediaClips.isEmpty {
            let requests = mediaClips.map { VideoClipRequest(path: $0.path, inPoint: $0.inPoint, outPoint: $0.outPoint) }
            do {
                stitch = try VideoStitchPlan(clips: requests, infos: infos, snapToKeyframes: project.snapToKeyframes,
                                             checkCompatibility: purpose == .export && !composes)
            } catch { throw .stitch(error) }
        }
        var snaps = stitch?.snaps.map(\.description) ?? []
        // A clip starting on an open-GOP keyframe (a camera's) is conformed: copied, its
        // leading pictures would need the GOP before, which is not copied.
        for segment in stitch?.segmentsStartingOnOpenGOP ?? [] {
            composes = true
            snaps.append("\(MixPart.clips.itemName(mediaIndices[segment.clipIndex])): \(MessageText.shown(segment.path)) starts at \(segment.sourceRange.start.readable) on an open-GOP "
                + "keyframe, whose leading pictures need the frames before it: its video is re-encoded from there, not copied")
        }
        if !composes, let stitch {
            let spans = stitch.segments.map { ClipSpan(source: $0.sourceRange, timelineStart: $0.timelineRange.start, clipIndex: $0.clipIndex) }
            return PlannedPicture(video: .stitched(stitch), clips: spans, end: stitch.duration, trackCount: 1, warnings: snaps)
        }
        let clipsOnly = try composeVideo(stitch?.segments ?? [], infos: clipInfos, trackIDs: (a: 1, b: 2))
        let overlays = try overlayTrack(until: clipsOnly.duration, renderHeight: clipsOnly.videoComposition.renderSize.height)
        var drawn = overlays.overlays
        var drawnWarnings = overlays.warnings
        if let burned {
            let cues = try captionOverlays(burned.track, style: burned.style, renderSize: clipsOnly.videoComposition.renderSize,
                                           until: clipsOnly.duration)
            drawn += cues.overlays
            drawnWarnings += cues.warnings
        }
        let timeline = clipsOnly.overlaid(by: drawn)
        var smartRender: SmartRenderPlan?
        if purpose != .preview {
            do { smartRender = try SmartRenderPlan(timeline: timeline, infos: clipInfos, fullRender: project.video.fullRender) } catch {
                throw .stitch(error)
            }
        }
        // Placements are the media clips' in order; a gap has no picture, so no span.
        var spans: [ClipSpan] = []
        for place in timeline.placements {
            let index = place.entryIndex
            spans.append(ClipSpan(source: place.sourceRange, timelineStart: place.timeRange.start, clipIndex: index,
                                  transitionIn: timeline.transitions.first { $0.index == index }?.timeRange.duration,
                                  transitionOut: timeline.transitions.first { $0.index == index + 1 }?.timeRange.duration))
        }
        let composed = ComposedVideo(timeline: timeline, clips: clipInfos, smartRender: smartRender, fullRender: project.video.fullRender)
        return PlannedPicture(video: .composed(composed), clips: spans, end: timeline.duration, trackCount: 2,
                              warnings: snaps + colourWarnings(clipInfos, composition: timeline.videoComposition)
                                  + timeline.clamps.map { "transition: \($0)" } + drawnWarnings
                                  + (smartRender?.notes.map { "smart render: \($0)" } ?? []))
    }

    /// The indices of the clips that are not gaps, after checking the gaps: each
    /// longer than zero, and, when every clip is one, the project setting the
    /// render size and frame rate a picture of the background alone needs.
    func mediaClipIndices() throws(PlanningError) -> [Int] {
        var indices: [Int] = []
        for (index, clip) in project.clips.enumerated() {
            guard let gap = clip.gapDuration else {
                indices.append(index)
                continue
            }
            guard gap > .zero else {
                throw .invalidValue(field: MixPart.clips.itemName(index) + ".gap", reason: "found \(gap.readable), expected a gap longer than 0")
            }
        }
        if indices.isEmpty, project.video.renderSize == nil || project.video.frameRate == nil {
            throw .invalidValue(field: MixPart.clips.rawValue, reason: "every clip is a gap, so no clip gives the picture's size and frame rate; "
                + "set video.renderSize and video.frameRate for a picture of the background alone")
        }
        return indices
    }

    /// The output's dynamic range: the project's, or (`auto`) the first clip's
    /// when it is HDR, else SDR.
    func outputDynamicRange(_ infos: [VideoClipInfo]) -> DynamicRange {
        project.video.dynamicRange ?? infos.first?.format.colour.dynamicRange ?? .sdr
    }

    /// Whether the export must compose its picture rather than only stitch the
    /// clips: a transition, a picture fade or ramp, a full render, anything drawn
    /// over the picture, a gap, clips that could not share one stream-copied track, or a
    /// clip shown at another size than a render size the project sets, or of
    /// another dynamic range than the output's.
    func composesVideo(_ infos: [VideoClipInfo]) -> Bool {
        let video = project.video
        if video.fadeIn > .zero || video.fadeOut > .zero || video.fullRender || drawsOverPicture { return true }
        // Stream copy has no frames of the background to put in a gap.
        if project.clips.contains(where: \.isGap) { return true }
        if project.clips.indices.contains(where: { project.transition(into: $0) != nil }) { return true }
        if project.clips.contains(where: { !$0.opacity.isEmpty || !$0.transform.isEmpty || !$0.crop.isEmpty }) { return true }
        // A clip ending in frames its edit list hides can end only the export by stream
        // copy (the output's edit list hides them there); before another, its last GOP is re-encoded.
        if zip(project.clips.filter { !$0.isGap }, infos).dropLast().contains(where: { clip, info in
            info.hidesFramesPastEnd && clip.outPoint.map { $0 >= info.duration } ?? true
        }) { return true }
        // A clip of another dynamic range than the output's is converted.
        let range = outputDynamicRange(infos)
        if infos.contains(where: { $0.format.colour.dynamicRange != range }) { return true }
        // Clips stream copy could not put in one track are conformed instead of refused.
        if zip(infos.dropFirst(), infos).contains(where: { !$0.format.incompatibilities(following: $1.format).isEmpty }) { return true }
        // A render size of the project's own: any clip shown at another is conformed.
        guard let size = video.renderSize else { return false }
        return infos.contains { $0.displayedSize.width != size.width || $0.displayedSize.height != size.height }
    }

    /// The render size: the project's, else the first clip's shown size taken to even sides.
    ///
    /// - Throws: `invalidValue` for a first clip too small or too large to render at its size.
    func renderSize(_ first: VideoClipInfo) throws(PlanningError) -> PixelSize {
        if let size = project.video.renderSize { return size }
        let shown = first.displayedSize
        do { return try PixelSize(width: shown.width & ~1, height: shown.height & ~1) } catch {
            throw .invalidValue(field: MixPart.clips.itemName(0), reason: "its \(shown.width)×\(shown.height) picture cannot be the render size (\(error)); "
                + "set video.renderSize (--render-size)")
        }
    }

    /// Lays the stitched segments (one per clip that is not a gap, in order) and
    /// the gaps out with the project's transitions, fades and ramps on video
    /// tracks `trackIDs`. The picture's fade-in and fade-out ramp the first and
    /// last clip when it is not a gap (a gap shows the background already).
    func composeVideo(_ segments: [VideoSegment], infos: [VideoClipInfo], trackIDs: (a: Int, b: Int)) throws(PlanningError) -> VideoTimeline {
        let video = project.video
        let first = infos.first
        let frameDuration = video.frameRate?.frameDuration ?? first?.typicalFrameDuration ?? .milliseconds(40)
        var clips: [VideoTimelineClip] = []
        var segmentsLeft = segments[...]
        for (index, clip) in project.clips.enumerated() {
            if let gap = clip.gapDuration {
                do { clips.append(try VideoTimelineClip(gapLasting: gap, transitionIn: project.transition(into: index))) } catch { throw .time(error) }
                continue
            }
            guard let segment = segmentsLeft.popFirst() else {
                throw .invalidValue(field: MixPart.clips.itemName(index), reason: "the clip has no stitched segment")
            }
            var entry = VideoTimelineClip(sourceRange: segment.sourceRange, transitionIn: project.transition(into: index),
                                          conform: clip.fit ?? video.fit, opacityRamps: clip.opacity,
                                          transformRamps: clip.transform, cropRamps: clip.crop)
            let length = segment.sourceRange.duration
            do {
                if index == 0, video.fadeIn > .zero {
                    entry.opacityRamps.append(LayerRamp(from: 0, to: 1, timeRange: try MediaTimeRange(start: .zero, duration: min(video.fadeIn, length))))
                }
                if index == project.clips.count - 1, video.fadeOut > .zero {
                    let fade = min(video.fadeOut, length)
                    entry.opacityRamps.append(LayerRamp(from: 1, to: 0, timeRange: try MediaTimeRange(start: try length - fade, duration: fade)))
                }
            } catch { throw .time(error) }
            clips.append(entry)
        }
        let size: PixelSize
        if let first { size = try renderSize(first) } else if let set = video.renderSize { size = set } else {
            throw .invalidValue(field: MixPart.clips.rawValue, reason: "every clip is a gap: set video.renderSize and video.frameRate for a picture of the background only")
        }
        do {
            let timeline = try VideoTimeline(clips: clips, trackIDs: trackIDs, renderSize: size, frameDuration: frameDuration,
                                             backgroundColour: video.background)
                .drawn(in: outputDynamicRange(infos), hdrMetadata: HDRStaticMetadata.merged(infos.map(\.format.colour)))
            try timeline.videoComposition.validate(duration: timeline.duration, trackIDs: [trackIDs.a, trackIDs.b])
            return timeline
        } catch { throw .videoComposition(error) }
    }

    /// The picture's fade from and to the background takes the clips' own audio
    /// with it (unless the project's `video.fadeAudio` is false): the first
    /// clip's fade-in and the last one's fade-out last at least as long.
    func applyPictureFades(to clips: inout [ClipPlacement]) {
        let video = project.video
        guard video.fadeAudio, !clips.isEmpty else { return }
        if video.fadeIn > .zero {
            clips[0].clip.fade.fadeIn = max(clips[0].clip.fade.fadeIn, video.fadeIn)
        }
        if video.fadeOut > .zero {
            clips[clips.count - 1].clip.fade.fadeOut = max(clips[clips.count - 1].clip.fade.fadeOut, video.fadeOut)
        }
    }
}
