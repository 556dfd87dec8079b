public import MixdownComposition
internal import MixdownDSP
internal import MixdownFFmpeg
internal import MixdownTime

/// Decodes a clip's video stream into `Picture`s, in presentation order, from any
/// time: the frames a compositor draws from.
///
/// Frames come out as `VideoFrame`s: the time each is shown in the clip's own
/// time (0 is the container's start, the convention of `VideoClipInfo` and
/// `VideoSegment`, so a frame's time is where the stitch plan puts its packet),
/// how long it is shown, and its picture in 4:2:0 video range at `pictureSize`
/// and `bitDepth` (8 unless asked for 10), converted (and scaled, when asked) by
/// libswscale when the decoder gives anything else (another depth, full range
/// `yuvj420p`, 4:2:2, 4:4:4). A 10-bit stream read at 10 bits and its size is
/// copied sample for sample; a video-range 8-bit one read at 10 bits gives its
/// codes ×4 exactly (libswscale's unscaled conversion shifts them).
/// Timestamps are the stream's own, so a variable frame rate clip gives its
/// real times. Frames the container's edit list leaves out are decoded (later
/// frames may need them) but not handed out.
///
/// `seek(to:)` starts at the frame shown at a time: decoding restarts at the
/// keyframe at or before it, found in the clip's packet table, and the frames
/// before it are dropped. Seeking forward within reach of what is being
/// decoded just drops frames, so stepping through a clip by small seeks costs
/// no more than reading it. The decoder may use `threads` threads of its own.
/// Not thread-safe: use a reader from one thread at a time.
public final class VideoFrameReader {
    /// The clip's scan: its packet table, time base and origin.
    public let clip: VideoClipInfo
    /// What the stream's pictures are like.
    public let properties: VideoStreamProperties
    /// The size of the pictures handed out: `properties.pictureSize` unless the
    /// reader was made to scale.
    public let pictureSize: (width: Int, height: Int)
    /// The filter used when pictures are scaled.
    public let scaling: PictureScaler.Method
    /// Bits per sample of the pictures handed out: 8 or 10.
    public let bitDepth: Int

    let input: Demuxer
    let codec: DecoderContext
    let scaler = ScalerContext()
    let packet = Packet()
    let frame = Frame()
    /// Each packet's index in `clip.packets`, by its presentation timestamp.
    let packetIndexByTimestamp: [Int64: Int]
    /// The frame shown at a time, and where decoding must start for it.
    let decodePoints: VideoDecodePoints

    /// Frames shown before this timestamp are dropped (a seek's target).
    var earliest = Int64.min
    /// The index of the packet to start sending at after repositioning; nil once found.
    var startIndex: Int? = 0
    /// Whether the demuxer was rewound to find `startIndex` after a seek overshot it.
    var rewound = false
    /// The index of the last packet sent to the decoder since repositioning; -1 for none.
    var lastSent = -1
    /// The timestamp of the last frame handed out since repositioning.
    var lastReturned: Int64?
    /// Whether every packet has been read and the decoder told so.
    var inputEnded = false

    /// Opens `clip`'s file and its video stream's decoder, at the clip's start.
    ///
    /// - Parameters:
    ///   - clip: the clip's scan (`VideoClipInfo(path:)`): its packet table places seeks.
    ///   - pictureSize: scale every picture to this size (both even, at least 2);
    ///     nil for `properties.pictureSize`.
    ///   - bitDepth: bits per sample of the pictures handed out, 8 or 10,
    ///     whatever the stream's own depth.
    ///   - scaling: the filter used when scaling.
    ///   - threads: threads the decoder may use (2 by default).
    /// - Throws: `missingInput` / `unreadableMedia` when the file cannot be opened;
    ///   `noStream` when the clip's stream is not video; `unsupported` when
    ///   libavcodec has no decoder for it, for a picture size that is odd or
    ///   under 2, or a depth other than 8 or 10.
    public init(clip: VideoClipInfo, pictureSize: (width: Int, height: Int)? = nil, bitDepth: Int = 8,
                scaling: PictureScaler.Method = .bicubic, threads: Int = 2) throws(MediaIOError) {
        let path = clip.path
        guard bitDepth == 8 || bitDepth == 10 else {
            throw .unsupported(path: path, reason: "pictures of \(bitDepth) bits (8 or 10)")
        }
        let input = try Demuxer.open(path: path)
        guard clip.streamIndex < input.streamCount else { throw .noStream(path: path, kind: "video") }
        let facts = input.facts(ofStream: clip.streamIndex)
        guard let video = facts.video else { throw .noStream(path: path, kind: "video") }
        input.discardAll(except: [clip.streamIndex])
        let properties = VideoStreamProperties(
            codec: facts.codecName, width: video.width, height: video.height, pixelFormat: video.pixelFormat,
            orientation: VideoOrientation(displayMatrix: clip.format.displayMatrix ?? video.displayMatrix),
            sampleAspectRatio: PixelAspectRatio(video.sampleAspectRatio.width, video.sampleAspectRatio.height),
            averageFrameRate: video.averageFrameRate,
            baseFrameRate: video.realFrameRate, colour: VideoColourProperties(video.colour), timeBase: clip.timeBase)
        let size = pictureSize ?? properties.pictureSize
        guard size.width >= 2, size.height >= 2, size.width % 2 == 0, size.height % 2 == 0 else {
            throw .unsupported(path: path, reason: "a video picture of \(size.width)×\(size.height) (its sides must be even and at least 2)")
        }
        self.clip = clip
        self.properties = properties
        self.pictureSize = size
        self.scaling = scaling
        self.bitDepth = bitDepth
        self.input = input
        codec = try ffmpeg(DecoderContext(input: input, stream: clip.streamIndex, path: path, threads: threads))
        packetIndexByTimestamp = Dictionary(clip.packets.enumerated().map { ($1.pts, $0) }, uniquingKeysWith: { first, _ in first })
        decodePoints = VideoDecodePoints(packets: clip.packets)
    }

    /// Scans the video stream of the file at `path` (`VideoClipInfo(path:)`) and
    /// opens a reader of it at its start.
    ///
    /// - Throws: as `VideoClipInfo(path:)` and `init(clip:pictureSize:bitDepth:scaling:threads:)`.
    public convenience init(path: String) throws(MediaIOError) {
        try self.init(clip: try VideoClipInfo(path: path))
    }

    /// The clip's path.
    public var path: String { clip.path }
}
