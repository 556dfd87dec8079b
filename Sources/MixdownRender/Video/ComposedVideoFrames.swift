import MixdownComposition
import MixdownDSP
import MixdownMediaIO
import MixdownPlan
import MixdownTime
import MixdownUnits

/// The frames of a plan's composed picture, one render-size `Picture` per output
/// frame: each clip's frame at that time (decoded, turned upright, conformed)
/// drawn by the `VideoCompositor`, as `AVAssetImageGenerator` and an export
/// draw them alike.
///
/// Output frame *k* is shown at *k* × frame duration; a clip shows the frame
/// whose time is at or before its source time there. Clips are opened when
/// first drawn and closed once the timeline has passed them, so at most the two
/// clips of a transition are open. Not thread-safe.
public final class ComposedVideoFrames {
    /// The layout drawn.
    public let timeline: VideoTimeline
    private let plan: MixPlan
    private let compositor: VideoCompositor
    private var sources: [Int: ClipFrameSource] = [:]

    /// Prepares to draw `plan`'s composed picture.
    ///
    /// - Throws: `MediaIOError.unsupported` when the plan has no composed picture.
    public init(plan: MixPlan) throws(MediaIOError) {
        guard let timeline = plan.videoTimeline, plan.video != nil else {
            throw .unsupported(path: "video", reason: "the plan has no composed picture")
        }
        self.plan = plan
        self.timeline = timeline
        let scaler = PictureScaler()
        compositor = VideoCompositor(composition: timeline.videoComposition) { picture, width, height throws(MediaIOError) in
            try scaler.scale(picture, width: width, height: height)
        }
    }

    /// Draws the frame shown at `time` into `canvas` (render size).
    ///
    /// - Throws: decoding errors of the clips drawn.
    public func draw(at time: MediaTime, into canvas: Picture) throws(MediaIOError) {
        var pictures: [Int: Picture] = [:]
        let instruction = timeline.videoComposition.instruction(at: time)
        for layer in instruction?.layerInstructions ?? [] {
            guard let place = timeline.placements.first(where: { $0.trackID == layer.trackID && $0.timeRange.contains(time) }) else {
                continue
            }
            let source = try source(for: place, conform: layer.conform)
            let sourceTime = (try? place.sourceRange.start + (try time - place.timeRange.start)) ?? place.sourceRange.start
            pictures[layer.trackID] = try source.picture(at: sourceTime)
        }
        // Clips the timeline has left behind are closed.
        for index in sources.keys where timeline.placements[index].timeRange.end <= time { sources[index] = nil }
        try compositor.draw(at: time, pictures: pictures, into: canvas)
    }

    private func source(for place: VideoTimeline.Placement, conform: ConformMode) throws(MediaIOError) -> ClipFrameSource {
        if let open = sources[place.index] { return open }
        guard let path = plan.composition.track(id: place.trackID)?.segments.first(where: { $0.timelineRange.start == place.timeRange.start })?.asset.path,
              let info = plan.video?.clipInfos[path] else {
            throw .unsupported(path: "video", reason: "clip \(place.index) was not scanned")
        }
        let composition = timeline.videoComposition
        let source = try ClipFrameSource(clip: info, renderSize: composition.renderSize, mode: conform,
                                         background: VideoCompositor.ycbcr(composition.backgroundColour, composition.colourMatrix))
        sources[place.index] = source
        return source
    }
}
