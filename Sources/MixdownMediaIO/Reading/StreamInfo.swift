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
    /// Samples a decoder delivers once priming and padding are removed, when known
    /// exactly: from the edit list (MP4/MOV), the header (WAV, AIFF, FLAC), or, after a
    /// full probe, from the packets themselves. Nil after a quick probe of a container
    /// that only estimates its duration (MP3, ADTS, Ogg): see `estimatedSampleCount`.
    public var sampleCount: Int64?
    /// The container's own idea of the sample count (duration minus start), which can
    /// be off by a frame of padding where it is not exact.
    public var estimatedSampleCount: Int64?

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
