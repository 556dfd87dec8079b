import MixdownTime
import MixdownUnits

/// How far and how fast other audio ducks under voice, and which nearby
/// voice regions are bridged into one duck: the one source of the ducking
/// defaults, for the CLI, project files and the library alike.
///
/// See ``duckLayer(for:)`` for the rules.
public struct DuckingSettings: Hashable, Sendable {
    /// How far the ducked audio goes down; its gain is `DuckDepth.gain`.
    public var depth: DuckDepth

    /// Length of the ramp down, which ends where the voice starts.
    public var fadeDown: MediaTime

    /// Length of the ramp back up, which starts where the voice ends.
    public var fadeUp: MediaTime

    /// Voice regions closer than `max(maxPause, fadeDown + fadeUp)` are
    /// bridged: the audio stays down between them.
    public var maxPause: MediaTime

    /// Shape of both ramps.
    public var curve: RampCurve

    /// Makes settings; the lengths are checked when a layer is made.
    public init(
        depth: DuckDepth = .standard, fadeDown: MediaTime = .milliseconds(500), fadeUp: MediaTime = .milliseconds(500),
        maxPause: MediaTime = .milliseconds(1000), curve: RampCurve = .linear
    ) {
        self.depth = depth
        self.fadeDown = fadeDown
        self.fadeUp = fadeUp
        self.maxPause = maxPause
        self.curve = curve
    }
}
