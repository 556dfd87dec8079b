public import MixdownDSP
internal import MixdownFFmpeg
internal import MixdownSystem
public import MixdownTime

/// An image file an overlay shows, decoded by FFmpeg into premultiplied
/// `OverlayImage`s: PNG (alpha kept), JPEG, WebP, GIF and APNG (animated:
/// each frame for its own duration, looping forever).
///
/// `image(at:width:height:)` gives the picture shown a time after the
/// overlay's start. At the image's natural size it is the decoded picture pixel
/// for pixel; any other size is scaled by libswscale (bicubic, colour and
/// alpha premultiplied and filtered alike). An animation is decoded frame by
/// frame as time advances (FFmpeg's GIF and APNG decoders compose each frame
/// over the last, as their disposal says), and from its first frame again when
/// time goes back or loops: the frames are held only while all of them fit
/// ``heldFramesByteLimit``, so memory never grows with the timeline's length.
/// The last picture handed out is kept, so asking again for the same frame at
/// the same size decodes and scales nothing.
///
/// Not thread-safe: use a source from one thread at a time.
public final class OverlayImageSource {
    /// The file.
    public let path: String
    /// The natural width, in pixels.
    public let width: Int
    /// The natural height, in pixels.
    public let height: Int
    /// When each frame starts, in ticks of `timeBase` from the first; one entry for a still.
    let frameStarts: [Int64]
    /// One loop's length in ticks of `timeBase` (0 for a still).
    let loopTicks: Int64
    /// The tick of the stream's timestamps.
    let timeBase: TimeBase

    var input: Demuxer
    var codec: DecoderContext
    let stream: Int
    /// Decoded pictures to pixels.
    let scaler = ScalerContext()
    /// Pixels to another size: a context of its own, so an animation drawn scaled
    /// keeps both set up rather than remaking one for each frame.
    let resizer = ScalerContext()
    let packet = Packet()
    let frame = Frame()
    /// How many frames the decoder has given since its start (the last one's index + 1).
    var decodedCount = 0
    /// Whether the demuxer has no packet left and the decoder was told so.
    var inputEnded = false
    /// The natural-size picture of the frame last decoded and converted, by frame index.
    var natural: (index: Int, image: OverlayImage)?
    /// Every frame at its natural size, when they fit `heldFramesByteLimit` together.
    var held: [Int: OverlayImage] = [:]
    /// The last picture handed out.
    var lastHandedOut: (index: Int, width: Int, height: Int, image: OverlayImage)?

    /// The most bytes of natural-size frames an animation keeps decoded (16 MiB:
    /// a 256×256 GIF of 64 frames), so that a loop is decoded once.
    public static let heldFramesByteLimit = 16 << 20

    /// Opens the image at `path` and decodes its first picture.
    ///
    /// - Throws: `MediaIOError.missingInput` when `path` names no file (or one
    ///   that is not a regular file); `unreadableMedia`, with a reason naming
    ///   what is wrong, when it is not an image FFmpeg reads (a movie, a sound,
    ///   text, a damaged file) or its first picture does not decode.
    public init(path: String) throws(MediaIOError) {
        self.path = path
        let input = try Demuxer.openImage(path: path)
        guard let stream = input.bestStream(.video), let video = input.facts(ofStream: stream).video else {
            throw .unreadableMedia(path: path, reason: "no picture in it (an image overlay is a PNG, JPEG, WebP or GIF file)")
        }
        guard video.width >= 1, video.height >= 1 else {
            // FFmpeg chose a decoder by the name (`.png`), which found no picture in the bytes.
            let codec = input.facts(ofStream: stream).codecName.uppercased()
            if Self.isAnimatedWebP(path) {
                throw .unreadableMedia(path: path, reason: "an animated WebP, which FFmpeg 5.1's WebP decoder cannot read: use an animated GIF or APNG")
            }
            throw .unreadableMedia(path: path, reason: "not a \(codec) image, or a damaged one: FFmpeg's \(codec) decoder finds no picture in it")
        }
        input.discardAll(except: [stream])
        let timeBase = input.timing(ofStream: stream).timeBase ?? (try! TimeBase(1, 100))
        let timings = try Self.frameTimings(of: input, stream: stream, path: path)
        guard let first = timings.first else {
            throw .unreadableMedia(path: path, reason: "no picture in it: the file holds no image data")
        }
        frameStarts = timings.map { $0.start - first.start }
        if timings.count > 1 {
            // A last frame with no duration of its own lasts as long as the one before it.
            let last = timings[timings.count - 1], before = timings[timings.count - 2]
            let lastDuration = last.duration > 0 ? last.duration : max(1, last.start - before.start)
            loopTicks = last.start - first.start + lastDuration
        } else {
            loopTicks = 0
        }
        self.input = input
        self.stream = stream
        self.timeBase = timeBase
        width = video.width
        height = video.height
        codec = try Self.unreadable(path, try ffmpeg(DecoderContext(input: input, stream: stream, path: path)))
        let firstImage: OverlayImage
        do {
            try restart()
            firstImage = try picture(0)
        } catch {
            throw Self.unreadable(path, error)
        }
        if frameStarts.count == 1 || frameStarts.count * firstImage.stride * height <= Self.heldFramesByteLimit {
            held[0] = firstImage
        }
    }

    /// Whether the image is an animation (more than one frame).
    public var isAnimated: Bool { frameStarts.count > 1 }

    /// How many frames the image has (1 for a still).
    public var frameCount: Int { frameStarts.count }

    /// How long one loop of an animation lasts; zero for a still.
    public var loopDuration: MediaTime {
        (try? timeBase.time(ticks: loopTicks)) ?? .zero
    }

    /// The picture shown `time` after the overlay's start, at `width × height`.
    ///
    /// A still gives its one picture at any time. An animation shows each frame
    /// from its start for its duration, looping from its first frame after the
    /// last (a time before 0 shows the first frame). The image handed out is
    /// this source's: read it, do not change it; the same object comes back
    /// while the frame and size stay the same.
    ///
    /// - Parameters:
    ///   - time: Time since the overlay's start.
    ///   - width: Width to draw at, at least 1: `width` is the natural size, drawn pixel for pixel.
    ///   - height: Height to draw at, at least 1.
    /// - Throws: `MediaIOError.unsupported` for a size under 1×1 or one libswscale
    ///   refuses; `decodeFailed` when a later frame of an animation cannot be decoded.
    public func image(at time: MediaTime, width: Int, height: Int) throws(MediaIOError) -> OverlayImage {
        guard width >= 1, height >= 1 else {
            throw .unsupported(path: path, reason: "an overlay image drawn at \(width)×\(height) (each side must be at least 1 pixel)")
        }
        let index = frameIndex(at: time)
        if let last = lastHandedOut, last.index == index, last.width == width, last.height == height { return last.image }
        let source = try picture(index)
        let image = (width == self.width && height == self.height) ? source : try scaled(source, width: width, height: height)
        lastHandedOut = (index, width, height, image)
        return image
    }

    /// The index of the frame shown at `time` after the start.
    func frameIndex(at time: MediaTime) -> Int {
        guard isAnimated, time > .zero else { return 0 }
        // Whole ticks of the stream's time base, rounded down: a frame is shown from its start.
        let ticks = Int128(time.value) * Int128(timeBase.denominator) / (Int128(time.timescale) * Int128(timeBase.numerator))
        let position = Int64(ticks % Int128(loopTicks))
        var low = 0, high = frameStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if frameStarts[middle] <= position { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// `error` as a refusal of the file: what fails while it is first opened and
    /// decoded means it is not an image Mixdown can show.
    static func unreadable(_ path: String, _ error: MediaIOError) -> MediaIOError {
        switch error {
        case .missingInput, .unreadableMedia: error
        case let .unsupported(_, reason), let .decodeFailed(_, reason), let .writeFailed(_, reason),
             let .cannotCreateOutput(_, reason):
            .unreadableMedia(path: path, reason: "its picture does not decode: \(reason)")
        case let .noStream(_, kind): .unreadableMedia(path: path, reason: "no \(kind) in it")
        case .cancelled: error
        }
    }

    static func unreadable<T>(_ path: String, _ call: @autoclosure () throws(MediaIOError) -> T) throws(MediaIOError) -> T {
        do { return try call() } catch { throw unreadable(path, error) }
    }

    /// Whether the file is a WebP whose extended header (`VP8X`) says it is
    /// animated: the one image kind FFmpeg 5.1 opens but cannot decode.
    private static func isAnimatedWebP(_ path: String) -> Bool {
        guard let file = try? FileDescriptor.open(readingFrom: path) else { return false }
        defer { try? file.close() }
        var header = [UInt8](repeating: 0, count: 21)
        let count = header.withUnsafeMutableBytes { (try? file.read(into: $0.baseAddress!, count: 21, at: 0)) ?? 0 }
        guard count == 21 else { return false }
        // RIFF size WEBP VP8X size flags: the flags' bit 1 is "animation".
        return header[0..<4].elementsEqual("RIFF".utf8) && header[8..<16].elementsEqual("WEBPVP8X".utf8) && header[20] & 0x02 != 0
    }
}
