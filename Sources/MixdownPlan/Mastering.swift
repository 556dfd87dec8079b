import Foundation
import MixdownDynamics
import MixdownUnits

/// The last stage of a delivery render: one static gain, then a true-peak limiter.
///
/// A plan with mastering renders its bus × ``gain`` through a `TruePeakLimiter`
/// with ``limiter``'s settings, so every relation inside the mix (the duck depth,
/// fades, automation) comes out as it was, shifted by the gain, and only the
/// peaks above the limiter's threshold are touched. Loudness normalisation
/// (MixdownExport's `LoudnessNormalisation`) chooses the gain.
public struct Mastering: Sendable, Hashable {
    /// The static gain, a linear factor (finite, at least 0).
    public var gain: Double
    /// The limiter's ceiling, margin and timing.
    public var limiter: LimiterSettings

    /// Mastering with `gain` (linear) and `limiter`.
    public init(gain: Double, limiter: LimiterSettings) {
        self.gain = gain
        self.limiter = limiter
    }

    /// The static gain in dB.
    public var gainDecibels: Double { Gain.decibels(ofFactor: gain) }
}
