import MixdownTime

/// A media file used in a composition, with the facts the model needs about it.
///
/// The composition layer never opens files: whoever builds the composition (the
/// CLI, a project loader) probes the file and fills these in.
public struct Asset: Hashable, Sendable {
    /// Path of the file, as the user gave it (or resolved against a project file).
    public let path: String
    /// Duration of the asset's audio (or of the whole file when it has no audio).
    public let duration: MediaTime
    public let hasAudio: Bool
    public let hasVideo: Bool

    public init(path: String, duration: MediaTime, hasAudio: Bool = true, hasVideo: Bool = false) {
        self.path = path
        self.duration = duration
        self.hasAudio = hasAudio
        self.hasVideo = hasVideo
    }

    /// The asset from its start to its end.
    public var timeRange: MediaTimeRange {
        // A duration is never negative, so this cannot fail.
        (try? MediaTimeRange(start: .zero, duration: duration)) ?? MediaTimeRange.zeroLength
    }
}

extension MediaTimeRange {
    static var zeroLength: MediaTimeRange { try! MediaTimeRange(start: .zero, duration: .zero) }
}
