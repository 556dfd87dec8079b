import MixdownComposition
import MixdownDSP
import MixdownMediaIO
import MixdownPlan
import MixdownTime
import MixdownUnits

/// The frames of a composed picture, one render-size `Picture` of `bitDepth`
/// bits per output frame: each clip's frame at that time (decoded, turned upright, conformed)
/// drawn by the `VideoCompositor`, then the overlay track over it by the
/// `OverlayPainter`, as `AVAssetImageGenerator` and an export draw them alike.
///
/// Output frame *k* is shown at *k* × frame duration; a clip shows the frame
/// whose time is at or before its source time there. Clips are opened when
/// first drawn and closed once the timeline has passed them, so at most the two
/// clips of a transition are open. Not thread-safe.
public final class ComposedVideoFrames {
    /// The layout drawn.
    public let timeline: VideoTimeline
    /// Bits per sample of the clips' pictures and of the canvas drawn into: 8 or 10.
    public let bitDepth: Int
    private let video: ComposedVideo
    private let compositor: VideoCompositor
    private let painter: OverlayPainter
    private var sources: [Int: ClipFrameSource] = [:]

    /// Prepares to draw `video` at `bitDepth` bits.
    ///
    /// - Parameters:
    ///   - video: The composed picture.
    ///   - bitDepth: 8 or 10: every clip is decoded to it (libswscale converts
    ///     one of another depth), and `draw(at:into:)` takes canvases of it;
    ///     nil for the composition's (`VideoComposition.bitDepth`).
    /// - Precondition: `bitDepth` is 8 or 10.
    public init(video: ComposedVideo, bitDepth: Int? = nil) {
        let bitDepth = bitDepth ?? video.timeline.videoComposition.bitDepth
        precondition(bitDepth == 8 || bitDepth == 10, "\(bitDepth)-bit composition (8 or 10)")
        self.video = video
        self.bitDepth = bitDepth
        let timeline = video.timeline
        self.timeline = timeline
        let scaler = PictureScaler()
        let colours = CanvasColours(composition: timeline.videoComposition)
        compositor = VideoCompositor(composition: timeline.videoComposition, colours: colours) { picture, width, height throws(MediaIOError) in
            try scaler.scale(picture, width: width, height: height)
        }
        painter = OverlayPainter(composition: timeline.videoComposition, colours: colours)
    }

    /// Draws the frame shown at `time` into `canvas` (render size, `bitDepth` bits).
    ///
    /// - Throws: decoding errors of the clips and images drawn.
    /// - Precondition: `canvas.bitDepth` is `bitDepth`.
    public func draw(at time: MediaTime, into canvas: Picture) throws(MediaIOError) {
        precondition(canvas.bitDepth == bitDepth, "a \(canvas.bitDepth)-bit canvas for \(bitDepth)-bit frames")
        var pictures: [Int: Picture] = [:]
        let instruction = timeline.videoComposition.instruction(at: time)
        // A gap's layer draws the background: the compositor fills it.
        for layer in instruction?.layerInstructions ?? [] where !layer.drawsBackground {
            guard let place = timeline.placements.first(where: { $0.trackID == layer.trackID && $0.timeRange.contains(time) }) else {
                continue
            }
            let source = try source(for: place, conform: layer.conform)
            let sourceTime = (try? place.sourceRange.start + (try time - place.timeRange.start)) ?? place.sourceRange.start
            pictures[layer.trackID] = try source.picture(at: sourceTime)
        }
        // Clips the timeline has left behind are closed.
        for place in timeline.placements where sources[place.index] != nil && place.timeRange.end <= time { sources[place.index] = nil }
        try compositor.draw(at: time, pictures: pictures, into: canvas)
        try painter.draw(at: time, on: canvas)
    }

    private func source(for place: VideoTimeline.Placement, conform: ConformMode) throws(MediaIOError) -> ClipFrameSource {
        if let open = sources[place.index] { return open }
        let info = video.clip(of: place)
        let composition = timeline.videoComposition
        let source = try ClipFrameSource(clip: info, renderSize: composition.renderSize, mode: conform,
                                         background: try compositor.background(composition.backgroundColour, bitDepth: bitDepth),
                                         bitDepth: bitDepth, colour: composition.outputColour)
        sources[place.index] = source
        return source
    }
}
