import MixdownTime

/// The cues of one caption file in one language: what a soft subtitle track
/// holds and what burned captions draw.
public struct CaptionTrack: Hashable, Sendable {
    /// Its language, an ISO 639-2 code (`eng`, `fra`); `und` when not known.
    public var language: String
    /// Its cues in the order the file gives them (by start time in valid files); they may overlap.
    public var cues: [CaptionCue]
    /// The file it was read from, as messages name it.
    public var path: String

    /// A track of `cues` in `language`, read from `path`.
    public init(language: String = "und", cues: [CaptionCue], path: String) {
        self.language = language
        self.cues = cues
        self.path = path
    }
}
