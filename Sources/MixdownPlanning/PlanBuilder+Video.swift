import MixdownComposition
import MixdownProject
import MixdownTime
internal import MixdownUnits

/// The composed picture: transitions, conforming, fades and ramps laid out on
/// two video tracks (`VideoTimeline`), when the clips cannot simply be stitched.
extension PlanBuilder {
    /// Whether the export must compose its picture rather than only stitch the
    /// clips: a transition, a picture fade or ramp, a full render, clips that
    /// could not share one stream-copied track, or a clip shown at another size
    /// than a render size the project sets.
    func composesVideo(_ infos: [VideoClipInfo]) -> Bool {
        let video = project.video
        if video.fadeIn > .zero || video.fadeOut > .zero || video.fullRender { return true }
        if project.clips.indices.contains(where: { project.transition(into: $0) != nil }) { return true }
        if project.clips.contains(where: { !$0.opacity.isEmpty || !$0.transform.isEmpty || !$0.crop.isEmpty }) { return true }
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
            throw .invalidValue(field: "clips[0]", reason: "its \(shown.width)×\(shown.height) picture cannot be the render size (\(error)); "
                + "set video.renderSize (--render-size)")
        }
    }

    /// Lays the stitched segments out with the project's transitions, fades and
    /// ramps, on two new video tracks, and returns where each clip plays.
    mutating func composeVideo(_ stitch: VideoStitchPlan, infos: [VideoClipInfo]) throws(PlanningError) -> VideoTimeline {
        guard let first = infos.first else { throw .invalidValue(field: "clips", reason: "no clip to compose") }
        let video = project.video
        let frameDuration = video.frameRate?.frameDuration ?? first.typicalFrameDuration ?? .milliseconds(40)
        var clips: [VideoTimelineClip] = []
        for (index, (clip, segment)) in zip(project.clips, stitch.segments).enumerated() {
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
        let tracks = (a: composition.addTrack(mediaType: .video, role: .video), b: composition.addTrack(mediaType: .video, role: .video))
        let size = try renderSize(first)
        let timeline: VideoTimeline
        do {
            timeline = try VideoTimeline(clips: clips, trackIDs: tracks, renderSize: size, frameDuration: frameDuration,
                                         backgroundColour: video.background)
            try timeline.videoComposition.validate(duration: timeline.duration, trackIDs: [tracks.a, tracks.b])
        } catch { throw .videoComposition(error) }
        for place in timeline.placements {
            let clip = project.clips[place.index]
            let info = infos[place.index]
            let hasAudio = try media.hasAudio(clip.path)
            let asset: Asset
            do {
                asset = try Asset(path: clip.path, duration: max(info.duration, place.sourceRange.end), hasAudio: hasAudio, hasVideo: true)
            } catch { throw .composition(error) }
            try insert(place.sourceRange, of: asset, at: place.timeRange.start, track: place.trackID)
        }
        warnings += timeline.clamps.map { "transition: \($0)" }
        return timeline
    }
}

extension PlanBuilder {
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
