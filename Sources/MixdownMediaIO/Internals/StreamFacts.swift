internal import MixdownTime

/// What a container says about one stream, as Swift values (read by `Demuxer.facts(ofStream:)`).
struct StreamFacts {
    /// Audio, video, subtitles, data.
    var kind: StreamInfo.Kind
    /// FFmpeg's codec name (`h264`, `aac`).
    var codecName: String
    /// The codec profile's name (`High`, `LC`), when the codec has profiles.
    var profileName: String?
    /// The codec profile as FFmpeg numbers it (`FF_PROFILE_*`).
    var profile: Int32
    /// Time base, start and duration.
    var timing: StreamTiming
    /// Bit rate in bits per second; 0 or less when unknown.
    var bitRate: Int64
    /// Packets the container's index lists (`nb_frames`); 0 when it does not say.
    var frameCount: Int64
    /// Set for audio streams only.
    var audio: Audio?
    /// Set for video streams only.
    var video: Video?

    /// The sound of an audio stream.
    struct Audio {
        /// Hz.
        var sampleRate: Int32
        /// Channel count.
        var channels: Int
        /// FFmpeg's layout description (`mono`, `5.1(side)`), nil when the layout
        /// is unspecified (a channel count only).
        var layoutName: String?
    }

    /// The picture of a video stream.
    struct Video {
        /// Pixels.
        var width: Int
        /// Pixels.
        var height: Int
        /// FFmpeg's pixel format name (`yuv420p`), when known.
        var pixelFormat: String?
        /// The average frame rate, when the container states one.
        var averageFrameRate: FrameRate?
        /// FFmpeg's guess of the rate every timestamp falls on (`r_frame_rate`), when it has one.
        var realFrameRate: FrameRate?
        /// The stream's pixel shape (the container's, else the codec's); square when unknown.
        var sampleAspectRatio: PixelAspectRatio
        /// Range, primaries, transfer, matrix and chroma siting, as the codec parameters state them.
        var colour: VideoColourProperties
        /// The display matrix's rotation, as ffprobe prints it (counter-clockwise
        /// degrees); 0 when none.
        var rotation: Double
        /// The 3×3 display matrix (16.16 and 2.30 fixed point), or nil.
        var displayMatrix: [Int32]?
        /// The codec's extradata (`avcC`, `hvcC`): the decoder configuration.
        var decoderConfiguration: [UInt8]
    }
}

/// A stream's time base and extent, in ticks of that time base.
struct StreamTiming {
    /// Nil when the container leaves it unset.
    var timeBase: TimeBase?
    /// The first timestamp, or nil when unknown.
    var startTime: Int64?
    /// The stream's duration, or nil when unknown.
    var duration: Int64?

    /// `ticks` as a sample index at `rate`, by `TimeBase`'s rule (half up); 0
    /// without a time base.
    func samples(ticks: Int64, rate: Int32) -> Int64 {
        timeBase?.sampleIndex(ticks: ticks, sampleRate: rate) ?? 0
    }
}
