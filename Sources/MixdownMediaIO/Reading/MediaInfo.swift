/// What `probe` found in a media file: the container and every stream.
///
/// Times are in seconds (Double) for display and JSON, with the exact rational
/// `timeBase` alongside so callers can recover stream ticks.
public struct MediaInfo: Sendable, Codable, Equatable {
    /// The path the file was opened with.
    public var path: String
    /// FFmpeg's short container name, e.g. `mov,mp4,m4a,3gp,3g2,mj2` or `wav`
    /// (ffprobe's `format_name`); `containerFormat` is the same as a Swift value.
    public var container: String
    /// Container duration in seconds, or nil when the container does not say.
    public var duration: Double?
    /// Overall bit rate in bits per second, when known.
    public var bitRate: Int64?
    /// Every stream, in container order (`streams[i].index == i`).
    public var streams: [StreamInfo]
    /// The audio stream an `AudioDecoder` plays (FFmpeg's best), nil without audio.
    public var audioStreamIndex: Int?

    /// Makes a description from its parts.
    public init(path: String, container: String, duration: Double?, bitRate: Int64?,
                streams: [StreamInfo], audioStreamIndex: Int?) {
        self.path = path
        self.container = container
        self.duration = duration
        self.bitRate = bitRate
        self.streams = streams
        self.audioStreamIndex = audioStreamIndex
    }

    /// The container's family, from `container`: what Mixdown reads differently
    /// (exact index, exact audio length). Not encoded in JSON.
    public var containerFormat: ContainerFormat { ContainerFormat(formatName: container) }

    /// Whether any stream ends before the container's index says it should.
    public var isTruncated: Bool { streams.contains { $0.isTruncated } }

    /// The audio stream an `AudioDecoder` plays, described on its axis; nil without audio.
    public var audioStream: StreamInfo? {
        audioStreamIndex.flatMap { streams.indices.contains($0) ? streams[$0] : nil }
    }

    /// The first stream of `kind`, if any.
    public func firstStream(_ kind: StreamInfo.Kind) -> StreamInfo? {
        streams.first { $0.kind == kind }
    }
}
