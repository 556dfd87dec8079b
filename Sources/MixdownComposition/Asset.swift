import MixdownTime

/// A media file used in a composition, with the facts the model needs about it.
///
/// The composition layer never opens files: whoever builds the composition (the
/// CLI, a project loader) probes the file and fills these in.
public struct Asset: Hashable, Sendable {
    /// Path of the file, as the user gave it (or resolved against a project file).
    public let path: String
    /// The asset from its start to its end: [0, duration of its audio (or of the
    /// whole file when it has no audio)).
    public let timeRange: MediaTimeRange
    /// Whether the file has an audio stream.
    public let hasAudio: Bool
    /// Whether the file has a video stream.
    public let hasVideo: Bool

    /// - Throws: `CompositionError.negativeTime` for a negative duration.
    public init(path: String, duration: MediaTime, hasAudio: Bool = true, hasVideo: Bool = false) throws(CompositionError) {
        self.path = path
        do { timeRange = try MediaTimeRange(start: .zero, duration: duration) } catch { throw .negativeTime(duration) }
        self.hasAudio = hasAudio
        self.hasVideo = hasVideo
    }

    /// The asset's length: the end of ``timeRange``.
    public var duration: MediaTime { timeRange.duration }
}
