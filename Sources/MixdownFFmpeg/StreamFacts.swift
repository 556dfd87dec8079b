package import MixdownTime

/// What a container says about one stream, as Swift values (read by `Demuxer.facts(ofStream:)`).
package struct StreamFacts {
    /// Audio, video, subtitles, data.
    package var kind: MediaType
    /// FFmpeg's codec name (`h264`, `aac`).
    package var codecName: String
    /// The codec profile's name (`High`, `LC`), when the codec has profiles.
    package var profileName: String?
    /// The codec profile as FFmpeg numbers it (`FF_PROFILE_*`).
    package var profile: Int32
    /// Time base, start and duration.
    package var timing: StreamTiming
    /// Bit rate in bits per second; 0 or less when unknown.
    package var bitRate: Int64
    /// Packets the container's index lists (`nb_frames`); 0 when it does not say.
    package var frameCount: Int64
    /// Set for audio streams only.
    package var audio: Audio?
    /// Set for video streams only.
    package var video: Video?

    /// The sound of an audio stream.
    package struct Audio {
        /// Hz.
        package var sampleRate: Int32
        /// Channel count.
        package var channels: Int
        /// FFmpeg's layout description (`mono`, `5.1(side)`), nil when the layout
        /// is unspecified (a channel count only).
        package var layoutName: String?
    }

    /// The picture of a video stream.
    package struct Video {
        /// Pixels.
        package var width: Int
        /// Pixels.
        package var height: Int
        /// FFmpeg's pixel format name (`yuv420p`), when known.
        package var pixelFormat: String?
        /// Bits per luma sample: the pixel format's (10 for `yuv420p10le`), else the
        /// codec parameters' `bits_per_raw_sample`; nil when neither is known.
        package var bitDepth: Int?
        /// The average frame rate, when the container states one.
        package var averageFrameRate: FrameRate?
        /// FFmpeg's guess of the rate every timestamp falls on (`r_frame_rate`), when it has one.
        package var realFrameRate: FrameRate?
        /// The stream's pixel shape (the container's, else the codec's), as stated:
        /// 0:1 (or another ratio that is not positive) when unknown.
        package var sampleAspectRatio: (width: Int32, height: Int32)
        /// Range, primaries, transfer, matrix and chroma siting, as the codec parameters state them.
        package var colour: ColourNames
        /// The display matrix's rotation, as ffprobe prints it (counter-clockwise
        /// degrees); 0 when none.
        package var rotation: Double
        /// The 3×3 display matrix (16.16 and 2.30 fixed point), or nil.
        package var displayMatrix: [Int32]?
        /// The codec's extradata (`avcC`, `hvcC`): the decoder configuration.
        package var decoderConfiguration: [UInt8]
        /// Mastering display, content light level and Dolby Vision configuration, from the stream's side data.
        package var hdr: HDRSideData
    }
}

/// A stream's time base and extent, in ticks of that time base.
package struct StreamTiming {
    /// Nil when the container leaves it unset.
    package var timeBase: TimeBase?
    /// The first timestamp, or nil when unknown.
    package var startTime: Int64?
    /// The stream's duration, or nil when unknown.
    package var duration: Int64?

    /// `ticks` as a sample index at `rate`, by `TimeBase`'s rule (half up); 0
    /// without a time base.
    package func samples(ticks: Int64, rate: Int32) -> Int64 {
        timeBase?.sampleIndex(ticks: ticks, sampleRate: rate) ?? 0
    }
}
