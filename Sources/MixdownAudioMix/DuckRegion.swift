import MixdownTime
import MixdownUnits

/// A stretch of the timeline where other audio (usually music) should duck:
/// a voice-over item, or a speech region found in a take's or a clip's audio
/// (MixdownAnalysis's `SpeechDetector`).
public struct DuckRegion: Hashable, Sendable {
    /// Where the voice plays, `[start, end)`.
    public var range: MediaTimeRange

    /// Duck depth for this region, or `nil` for the settings' ``DuckingSettings/depth``.
    public var depth: DuckDepth?

    /// Whether this region ducks at all; `false` opts it out.
    public var ducks: Bool

    /// Makes a region that ducks by the settings' depth unless told otherwise.
    public init(range: MediaTimeRange, depth: DuckDepth? = nil, ducks: Bool = true) {
        self.range = range
        self.depth = depth
        self.ducks = ducks
    }
}
