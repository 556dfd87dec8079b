import MixdownComposition
import MixdownDSP
import MixdownMediaIO
import MixdownPlan
import MixdownRender
import MixdownTime
import MixdownUnits

/// The composed picture of a plan, drawn frame by frame and encoded on demand:
/// the video feed of an export whose clips have transitions, fades or ramps or
/// must be conformed.
///
/// Frames are drawn into one canvas (the encoder copies what it is given) and
/// encoded as the writer asks for packets, so memory holds the encoder's
/// lookahead and the open clips' decoders, whatever the timeline's length.
/// Every frame is encoded (a full render); copying the frames no instruction
/// changes (smart render) is not built yet. Not thread-safe.
final class ComposedVideoEncoding: EncodedVideoFeed {
    let frames: ComposedVideoFrames
    let encoder: VideoEncoder
    private let canvas: Picture
    private var nextFrame = 0
    private var pending: [EncodedVideoPacket] = []
    private var drained = false
    private let isCancelled: () -> Bool

    /// Prepares the plan's composed picture and an H.264 encoder at its render size
    /// and frame rate, at `quality` (CRF), for the output at `path`.
    init(plan: MixPlan, quality: VideoQuality, path: String, isCancelled: @escaping () -> Bool) throws(MediaIOError) {
        frames = try ComposedVideoFrames(plan: plan)
        let composition = frames.timeline.videoComposition
        let size = composition.renderSize
        encoder = try VideoEncoder(settings: try Self.settings(for: composition, quality: quality, path: path), path: path)
        canvas = Picture(width: size.width, height: size.height)
        self.isCancelled = isCancelled
    }

    func nextPacket() throws(MediaIOError) -> EncodedVideoPacket? {
        while pending.isEmpty && !drained {
            if isCancelled() { throw .cancelled }
            if nextFrame < frames.frameCount {
                try frames.draw(at: frames.time(ofFrame: nextFrame), into: canvas)
                pending += try encoder.encode(canvas, presentationTime: Int64(nextFrame))
                nextFrame += 1
            } else {
                pending += try encoder.finish()
                drained = true
            }
        }
        return pending.isEmpty ? nil : pending.removeFirst()
    }

    /// H.264 at the composition's size, one tick per frame, at `quality`, tagged
    /// with the matrix the picture is composed in (so players show it as drawn).
    static func settings(for composition: VideoComposition, quality: VideoQuality, path: String) throws(MediaIOError) -> VideoEncoderSettings {
        let size = composition.renderSize
        let frameDuration = composition.frameDuration.reduced
        guard let timeBase = try? TimeBase(Int32(clamping: frameDuration.value), frameDuration.timescale),
              let rate = try? FrameRate(frameDuration.timescale, Int32(clamping: frameDuration.value)) else {
            throw .unsupported(path: path, reason: "a frame duration of \(frameDuration.readable)")
        }
        var settings = VideoEncoderSettings(codec: .h264, width: size.width, height: size.height, timeBase: timeBase, frameRate: rate)
        settings.quality = quality.crf
        settings.globalHeader = true
        settings.colour = composition.colourMatrix == .bt709 ? .bt709
            : VideoColourProperties(range: "tv", primaries: "smpte170m", transfer: "smpte170m", matrix: "smpte170m", chromaLocation: "left")
        return settings
    }

    /// Frames drawn so far.
    var framesDrawn: Int { nextFrame }
}
