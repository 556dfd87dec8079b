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

    /// The container's family, from `container`: what Mixdown reads differently
    /// (exact index, exact audio length). Not encoded in JSON.
    public var containerFormat: ContainerFormat { ContainerFormat(formatName: container) }

    /// Whether any stream ends before the container's index says it should.
    public var isTruncated: Bool { streams.contains { $0.isTruncated } }

    /// The first stream of `kind`, if any.
    public func firstStream(_ kind: StreamInfo.Kind) -> StreamInfo? {
        streams.first { $0.kind == kind }
    }
}
