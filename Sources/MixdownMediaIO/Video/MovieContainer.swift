/// The output container, chosen by the output file's extension.
public enum MovieContainer: String, Sendable, CaseIterable {
    /// `.mp4`: MPEG-4 (H.264 + AAC).
    case mp4
    /// `.mov`: QuickTime.
    case mov
    /// `.m4a`: MPEG-4 audio only (FFmpeg's `ipod` muxer).
    case m4a

    /// The container for `path`'s extension (case-insensitive), or nil for any other.
    public init?(path: String) {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        self.init(rawValue: name[name.index(after: dot)...].lowercased())
    }

    /// Whether the container can hold a video stream.
    public var allowsVideo: Bool { self != .m4a }

    /// The family a probe of the written file reports: all three are MP4/MOV
    /// (ISO base media), written by FFmpeg's `mp4`, `mov` and `ipod` muxers.
    public var containerFormat: ContainerFormat { .mpeg4 }

    /// The time scale FFmpeg 5.1's muxer gives a video track whose packets count
    /// `ticksPerSecond`: that number doubled until a second holds at least 10 000
    /// ticks (nil when it is not positive).
    public static func videoTrackTimeScale(ticksPerSecond: Int32) -> Int32? {
        var scale = ticksPerSecond
        while scale > 0, scale < 10_000 { scale *= 2 }
        return scale > 0 ? scale : nil
    }
}
