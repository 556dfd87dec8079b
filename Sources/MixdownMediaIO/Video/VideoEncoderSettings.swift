public import MixdownComposition
public import MixdownTime

/// How `VideoEncoder` encodes: codec, picture, timing, quality, GOP structure,
/// parameter sets and the stream's description (colours, pixel shape).
///
/// Everything left nil is the encoder's default for the `preset`. To splice a
/// re-encoded stretch into stream-copied H.264 (smart render), copy the source's
/// profile, level, colours and pixel shape, keep GOPs closed, and either give
/// the stretch's parameter sets another id (`parameterSetID`) or check that
/// `VideoEncoder.parameterSets` equal the source's byte for byte
/// (`NALUnit.parameterSets(inDecoderConfiguration:codec:)` reads those) before
/// sharing them: the PPS carries the CRF unless `stitchable`, and the SPS the
/// time base, colours and pixel shape. x265 always numbers its sets 0: an HEVC
/// stretch's are renumbered after encoding, and besides the above take the
/// source's level, tier (`highTier`), `wavefront` and reorder delay
/// (`maximumBFrames`, `bFramePyramid`).
public struct VideoEncoderSettings: Hashable, Sendable {
    /// The codec, and the library that encodes it.
    public enum Codec: String, Hashable, Sendable {
        /// H.264 / AVC with libx264.
        case h264
        /// H.265 / HEVC with libx265.
        case hevc

        /// The profiles the encoder can give 8-bit 4:2:0 pictures (`profiles(bitDepth: 8)`).
        public var profiles: [String] { profiles(bitDepth: 8) }

        /// The profiles the encoder can give 4:2:0 pictures of `bitDepth` bits
        /// (8 or 10; none for another depth).
        ///
        /// At 10 bits: x264's `high10` (and `high422`, `high444`, which allow
        /// 10 bits too), x265's `main10`. x265 refuses `main` for 10-bit input and
        /// ignores `main10` for 8-bit input (it writes Main), so neither is listed
        /// at the other depth.
        ///
        /// - Parameter bitDepth: Bits per sample of the pictures encoded.
        public func profiles(bitDepth: Int) -> [String] {
            switch (self, bitDepth) {
            case (.h264, 8): ["baseline", "main", "high", "high10", "high422", "high444"]
            case (.h264, 10): ["high10", "high422", "high444"]
            case (.hevc, 8): ["main", "main-intra", "mainstillpicture", "msp"]
            case (.hevc, 10): ["main10", "main10-intra"]
            default: []
            }
        }

        /// libavcodec's name of the encoder.
        public var encoderName: String {
            switch self {
            case .h264: "libx264"
            case .hevc: "libx265"
            }
        }
    }

    /// H.264 or HEVC.
    public var codec: Codec
    /// Picture width in pixels (even); the pictures given must have it.
    public var width: Int
    /// Picture height in pixels (even); the pictures given must have it.
    public var height: Int
    /// Bits per sample, 8 or 10: the encoder's pixel format (`yuv420p` or
    /// `yuv420p10le`); the pictures given must have it. 10 bits need a 10-bit
    /// profile (`Codec.profiles(bitDepth:)`) or none (the encoder picks x264's
    /// High 10, x265's Main 10).
    public var bitDepth: Int = 8
    /// What the presentation times given to `encode` count.
    ///
    /// x264 writes the stream's VUI timing from it (`num_units_in_tick` its
    /// numerator, `time_scale` twice its denominator): to reproduce a source's
    /// parameter sets byte for byte, encode in the ticks it was encoded in
    /// (ffmpeg's are 1/frame rate, not the track's time base) and rescale the
    /// packets' timestamps to the track's.
    public var timeBase: TimeBase
    /// The nominal frame rate: the stream's timing information and the rate
    /// control's notion of a frame's length (timestamps may still vary).
    public var frameRate: FrameRate
    /// Constant quality (CRF), 0 (lossless) to 51; 18 looks transparent for most material.
    public var quality: Double = 18
    /// The x264/x265 speed preset, `ultrafast` to `placebo` (`medium` by
    /// default here; Mixdown's exports take `VideoPreset.standard`).
    public var preset: String = "medium"
    /// The profile (one of `codec.profiles(bitDepth:)` at `bitDepth`: `baseline`,
    /// `main`, `high`… for x264; `main`, or `main10` at 10 bits, for x265); nil
    /// for the encoder's choice.
    public var profile: String?
    /// The level (`4.0`, `4.1`, `5.1`); nil for the lowest that fits, as the encoder chooses.
    ///
    /// A level below what the picture size and frame rate need is refused when
    /// the encoder opens (`MediaIOError.unsupported` naming the level): for HEVC
    /// that is the sign to re-encode a clip whole rather than splice into it.
    public var level: String?
    /// At most this many B-frames in a row (0 for none: no reordering); nil for the preset's.
    ///
    /// With `bFramePyramid` it sets the reorder delay (the most frames a packet
    /// is decoded ahead of its place in display order), the same with x264 and
    /// x265: 0 B-frames give 0; 3 without the pyramid 1; 4 with it 2.
    public var maximumBFrames: Int?
    /// Whether B-frames serve as references for others (x264's and x265's
    /// `b-pyramid`): with it the reorder delay is 2 frames, without 1; nil keeps
    /// the encoder's default (with).
    public var bFramePyramid: Bool?
    /// Frames from one keyframe to the next at most (x264's `keyint`); nil for the encoder's (250).
    public var keyframeInterval: Int?
    /// Whether the encoder may add a keyframe where the scene changes (`scenecut`);
    /// off, keyframes come only every `keyframeInterval` frames and where asked.
    public var keyframesAtSceneChanges: Bool = true
    /// Open GOPs (pictures after a keyframe referring to pictures before it); off
    /// by default, so every keyframe is an IDR that a splice can start at.
    public var openGOP: Bool = false
    /// The id of the sequence parameter set (x264's `sps-id`, 0 to 31; its PPS
    /// takes the same id), so that a re-encoded stretch's parameter sets can live
    /// beside the source's (id 0) in one stream; nil for 0. H.264 only.
    public var parameterSetID: Int?
    /// x264's `stitchable`: parameter sets that do not depend on the quality
    /// settings (the PPS's initial QP), so stretches encoded apart can share them. H.264 only.
    public var stitchable: Bool = false
    /// Wavefront parallel processing (x265's `wpp`: rows of CTUs entropy-coded in
    /// parallel, `entropy_coding_sync_enabled_flag` in the PPS); copy the source's
    /// when splicing. nil for the encoder's default (on). HEVC only.
    public var wavefront: Bool?
    /// The HEVC tier (x265's `high-tier`): high allows the level's higher bit
    /// rates; copy the source's when splicing. HEVC only.
    ///
    /// It takes a `level` of 4 or above: levels below have no high tier, and
    /// without a level x265 writes the tier the stream needs (main here, with
    /// no rate limit); nil for the encoder's choice.
    public var highTier: Bool?
    /// The colours written into the stream's VUI (range, primaries, transfer,
    /// matrix, chroma siting); copy the source's when splicing.
    public var colour: VideoColourProperties = .unspecified
    /// HDR10 static metadata written into the stream (x265's mastering display
    /// and content light level SEI, before every keyframe); nil for none. HEVC only.
    public var hdrMetadata: HDRStaticMetadata?
    /// The pixel shape written into the stream.
    public var sampleAspectRatio: PixelAspectRatio = .square
    /// Parameter sets out of band, in `VideoEncoder.extradata` (what MP4 and MOV
    /// need), rather than before every keyframe.
    public var globalHeader: Bool = true
    /// Threads the encoder may use: x264's frame threads (frames encoded at
    /// once), x265's pool; 0 lets it choose (x264: 1.5 per core).
    public var threads: Int = 0
    /// Threads of the encoder's lookahead (x264's and x265's
    /// `lookahead-threads`: frame types and rate control planned ahead), beside
    /// ``threads``; nil lets it choose (x264: a sixth of its frame threads, at least 1).
    public var lookaheadThreads: Int?

    /// Settings for `width × height` pictures timed in `timeBase` at about `frameRate`.
    public init(codec: Codec = .h264, width: Int, height: Int, timeBase: TimeBase, frameRate: FrameRate) {
        self.codec = codec
        self.width = width
        self.height = height
        self.timeBase = timeBase
        self.frameRate = frameRate
    }

    /// Settings for re-encoding `source`'s pictures (as `VideoFrameReader` gives
    /// them): its picture size, time base, colours and pixel shape, and its frame
    /// rate (the base rate, else the average, else `fallbackFrameRate`).
    public init(codec: Codec = .h264, matching source: VideoStreamProperties, fallbackFrameRate: FrameRate) {
        self.init(codec: codec, width: source.pictureSize.width, height: source.pictureSize.height, timeBase: source.timeBase,
                  frameRate: source.baseFrameRate ?? source.averageFrameRate ?? fallbackFrameRate)
        colour = source.colour
        sampleAspectRatio = source.sampleAspectRatio
    }
}
