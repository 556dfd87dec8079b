import Foundation
import MixdownTime

/// How far and how fast other audio ducks under voice, and which nearby
/// voice regions are bridged into one duck.
///
/// See ``duckLayer(for:name:)`` for the rules.
public struct DuckingSettings: Hashable, Sendable {
    /// Duck depth in dB, `<= 0`; the ducked gain is `10^(depthDB / 20)`.
    public var depthDB: Double

    /// Length of the ramp down, which ends where the voice starts.
    public var fadeDown: MediaTime

    /// Length of the ramp back up, which starts where the voice ends.
    public var fadeUp: MediaTime

    /// Voice regions closer than `max(maxPause, fadeDown + fadeUp)` are
    /// bridged: the audio stays down between them.
    public var maxPause: MediaTime

    /// Shape of both ramps.
    public var curve: RampCurve

    /// Makes settings; values are checked when a layer is made.
    public init(
        depthDB: Double = -12, fadeDown: MediaTime = .milliseconds(500), fadeUp: MediaTime = .milliseconds(500),
        maxPause: MediaTime = .milliseconds(1000), curve: RampCurve = .linear
    ) {
        self.depthDB = depthDB
        self.fadeDown = fadeDown
        self.fadeUp = fadeUp
        self.maxPause = maxPause
        self.curve = curve
    }

    /// The linear gain for a depth in dB: `10^(depthDB / 20)`.
    public static func gain(forDepthDB depthDB: Double) -> Double {
        pow(10, depthDB / 20)
    }
}
