public import MixdownComposition
public import MixdownTime

/// One stream of a probed file. Audio fields are nil for video and vice versa.
public struct StreamInfo: Sendable, Codable, Equatable {
    /// What a stream carries, as FFmpeg's media type says.
    public enum Kind: String, Sendable, Codable {
        /// Sound.
        case audio
        /// Pictures (cover art included).
        case video
        /// Subtitles and captions.
        case subtitle
        /// Timed metadata (a QuickTime timecode track, GPS data).
        case data
        /// Anything FFmpeg does not classify (attachments, unknown streams).
        case other
    }

    /// The stream's index in its container, from 0 (ffprobe's `index`).
    public var index: Int
    /// Audio, video, subtitle, data or other.
    public var kind: Kind
    /// FFmpeg's codec name (`h264`, `aac`, `mp3`, `pcm_s16le`).
    public var codec: String
    /// Codec profile name (`High`, `LC`), when the codec has profiles.
    public var profile: String?
    /// Stream time base, e.g. 1/15360; nil when the container leaves it unset.
    public var timeBase: TimeBase?
    /// Start time in seconds (stream ticks × time base), when known.
    public var startTime: Double?
    /// Stream duration in seconds, when known.
    public var duration: Double?
    /// The stream's bit rate in bits per second, when the container or codec says.
    public var bitRate: Int64?

    // Audio
    /// Samples per second per channel, in Hz (audio only).
    public var sampleRate: Int?
    /// Channel count as coded, before any fold-down (audio only).
    public var channels: Int?
    /// FFmpeg's layout description: `mono`, `stereo`, `5.1`, `5.1(side)`.
    public var channelLayout: String?
    /// Priming samples the decoder must drop (AAC encoder delay, MP3 encoder delay),
    /// read from the container's skip-samples signalling; 0 when none.
    public var encoderDelay: Int?
    /// Where the played audio stream's first sample lands, in samples at
    /// `sampleRate` after the container's start (which is a decode's output
    /// sample 0; 0 when the start is negative, Opus pre-skip): the audio's
    /// offset from the other streams. Nil for streams the probe did not decode.
    public var firstSample: Int64?
    /// Samples a decoder delivers from `firstSample` on, priming and padding
    /// removed, when known exactly: from a decode of every frame (a full or
    /// audio probe), or from the header where it states them exactly (WAV, W64,
    /// AIFF, FLAC; MP4/MOV whose sample table counts samples). Nil after a quick
    /// probe of anything else (MP3, ADTS, Ogg, Matroska, fragmented MP4): see
    /// `estimatedSampleCount`.
    public var sampleCount: Int64?
    /// The container's own idea of the sample count (duration minus start), which can
    /// be off by a frame of padding where it is not exact; nil when the container
    /// states no duration, or one guessed from its bit rate.
    public var estimatedSampleCount: Int64?
    /// The sample count the header states where it is more than the file holds
    /// (a WAV whose `data` chunk was cut short): `sampleCount` is what is there,
    /// which is what plays. Nil otherwise.
    public var statedSampleCount: Int64?

    /// Where the played audio ends on a decoder's axis: `firstSample + sampleCount`
    /// (its exact length as an item), when both are known.
    public var endSample: Int64? {
        guard let firstSample, let sampleCount else { return nil }
        return firstSample + sampleCount
    }

    // Video
    /// Coded picture width in pixels, before rotation (video only).
    public var width: Int?
    /// Coded picture height in pixels, before rotation (video only).
    public var height: Int?
    /// FFmpeg's pixel format name (`yuv420p`), when known (video only).
    public var pixelFormat: String?
    /// Average frame rate, when the container states one.
    public var frameRate: FrameRate?
    /// Display rotation in degrees, counter-clockwise as FFmpeg's display matrix says; 0 when none.
    public var rotation: Double?
    /// Bit depth, colour properties, dynamic range and HDR metadata (video only;
    /// not for a cover picture).
    public var colour: VideoColourDescription?
    /// Number of packets flagged as keyframes.
    public var keyframeCount: Int?
    /// Longest distance between consecutive keyframes, in seconds (from the first
    /// keyframe to the stream end for a single keyframe).
    public var longestKeyframeInterval: Double?
    /// Whether the stream reorders frames (B-frames): any packet with dts < pts.
    public var hasFrameReordering: Bool?
    /// Packets actually read from the file (0 when the probe did not read packets).
    public var packetCount: Int
    /// Packets the container's index promises (`nb_frames`), when it says.
    public var indexedPacketCount: Int?
    /// Whether the file ends before its index says it should (a cut-off download):
    /// fewer packets readable than indexed, or (quick probe) indexed data past the end of the file.
    public var isTruncated = false
}
