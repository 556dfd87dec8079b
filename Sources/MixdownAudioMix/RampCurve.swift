import Foundation

/// The shape of a gain change between two values.
///
/// Each curve maps a position `x` in `[0, 1]` along a ramp to a gain between
/// its two endpoint gains `a` and `b`. Every curve returns exactly `a` at
/// `x = 0` and exactly `b` at `x = 1`, returns `a` everywhere when `a == b`,
/// and is monotone in between. The formulas are listed in docs/audio-mix.md.
///
/// The raw values are the spellings used on the command line and in files.
public enum RampCurve: String, Sendable, CaseIterable, Codable {
    /// Gain changes at a constant rate: `a + (b − a)·x`.
    ///
    /// AVFoundation's volume ramp.
    case linear

    /// Power changes at a constant rate: `√(a² + (b² − a²)·x)`.
    ///
    /// A fade-out `1 → 0` and a fade-in `0 → 1` of the same length and
    /// position sum to constant power, the usual crossfade between
    /// uncorrelated material.
    case equalPower = "equal-power"

    /// Level in decibels changes at a constant rate (an exponential fade).
    ///
    /// `10^((Da + (Db − Da)·x) / 20)` with `Da = 20·log10(a)`,
    /// `Db = 20·log10(b)`. A zero endpoint has no decibel value, so inside
    /// the ramp it is replaced by ``decibelFloor`` (−60 dB), or by the other
    /// endpoint if that is quieter still, keeping the curve monotone; the
    /// endpoint itself is still reached exactly.
    case decibel = "db"

    /// A raised cosine, slow at both ends: `a + (b − a)·(1 − cos(π·x)) / 2`.
    case sCurve = "s-curve"
}

extension RampCurve {
    /// The linear gain that stands in for silence inside a ``decibel`` ramp,
    /// `10^(−60/20) = 0.001`.
    public static let decibelFloor = 0.001

    /// The gain at position `x` of a ramp from gain `a` to gain `b`.
    ///
    /// `x` is clamped to `[0, 1]` (NaN counts as 0). Returns exactly `a` for
    /// `x <= 0`, exactly `b` for `x >= 1`, and `a` when `a == b`. Between the
    /// endpoints the result is monotone in `x`.
    ///
    /// - Parameters:
    ///   - a: Linear gain at the start of the ramp; finite and `>= 0`.
    ///   - b: Linear gain at the end of the ramp; finite and `>= 0`.
    ///   - x: Position along the ramp, `0` at its start and `1` at its end.
    public func value(from a: Double, to b: Double, at x: Double) -> Double {
        guard x > 0 else { return a }
        guard x < 1 else { return b }
        guard a != b else { return a }
        // Each formula moves monotonically away from its start value; the
        // clamp stops the last rounding step from overshooting the end value,
        // which would make the curve step back when x reaches 1.
        let value: Double
        switch self {
        case .linear:
            value = a + (b - a) * x
        case .equalPower:
            value = (a * a + (b * b - a * a) * x).squareRoot()
        case .decibel:
            let from = a == 0 ? Swift.min(Self.decibelFloor, b) : a
            let to = b == 0 ? Swift.min(Self.decibelFloor, a) : b
            let logFrom = log(from)
            value = exp(logFrom + (log(to) - logFrom) * x)
        case .sCurve:
            value = a + (b - a) * (1 - cos(Double.pi * x)) / 2
        }
        return Swift.min(Swift.max(value, Swift.min(a, b)), Swift.max(a, b))
    }
}
