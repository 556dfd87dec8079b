/// One entry of a ``ConformCache``, as `mixdown cache list` shows it.
public struct ConformCacheListing: Sendable, Equatable {
    /// The entry file.
    public let entryPath: String
    /// The input it holds the audio of; nil when the header cannot be read.
    public let sourcePath: String?
    /// The rate of its frames, in Hz; nil when the header cannot be read.
    public let sampleRate: Int32?
    /// Its stereo frames; nil for a note, or when the header cannot be read.
    public let frameCount: Int64?
    /// What made it from the input's audio ("dialogue cleanup", "speech
    /// analysis": the processing's first line); nil for the input's conformed audio.
    public let processing: String?
    /// The entry file's size in bytes.
    public let bytes: Int64
    /// When a render last used it (stored or read it): nanoseconds since 1970.
    public let lastUsed: Int64
}
