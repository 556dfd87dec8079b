import MixdownTime
import MixdownUnits

/// How a ``TruePeakLimiter`` limits: the ceiling and margin that set its
/// threshold, and the lengths of its attack (look-ahead), hold and release.
///
/// Values are checked once, by ``init(ceiling:margin:lookAhead:hold:release:)``;
/// a settings value is always valid. The defaults (``standard``) are the design
/// measured in docs/audio-mix.md ("Loudness: the true-peak limiter").
public struct LimiterSettings: Hashable, Sendable {
    /// The true-peak ceiling, in dBTP (dB relative to full scale, 4× oversampled).
    public let ceiling: Double
    /// How far below the ceiling the limiter aims, in dB: its threshold is
    /// `ceiling − margin`, so that meters whose interpolators differ from the
    /// detector's still read at most the ceiling.
    public let margin: Double
    /// How long before a peak the gain starts going down: the attack, and the
    /// look-ahead (latency) it needs.
    public let lookAhead: MediaTime
    /// How long the gain stays down after the last peak that needed it, before
    /// it releases. 20 ms or more turns a steady tone of 25 Hz and up into a
    /// constant gain, with no distortion.
    public let hold: MediaTime
    /// Time constant τ of the exponential release: the gain reduction shrinks
    /// by a factor e every τ.
    public let release: MediaTime

    /// Accepted ceilings, in dBTP.
    public static let ceilingRange = -60.0...0.0
    /// Accepted margins, in dB.
    public static let marginRange = 0.0...3.0
    /// Accepted look-aheads: 0.5 to 50 ms.
    public static let lookAheadRange = MediaTime.microseconds(500)...MediaTime.milliseconds(50)
    /// Accepted holds: 0 to 1 s.
    public static let holdRange = MediaTime.zero...MediaTime.milliseconds(1000)
    /// Accepted release time constants: 1 ms to 5 s.
    public static let releaseRange = MediaTime.milliseconds(1)...MediaTime.milliseconds(5000)

    /// −1 dBTP, margin 0.1 dB, look-ahead 2.5 ms, hold 20 ms, release 100 ms.
    public static let standard = LimiterSettings(
        uncheckedCeiling: -1, margin: 0.1, lookAhead: .microseconds(2500), hold: .milliseconds(20), release: .milliseconds(100))

    /// Makes settings, each value checked against its range.
    ///
    /// - Throws: ``LimiterError/settingOutOfRange(name:value:expected:)`` naming
    ///   the first value outside its range (NaN included).
    public init(
        ceiling: Double = standard.ceiling, margin: Double = standard.margin, lookAhead: MediaTime = standard.lookAhead,
        hold: MediaTime = standard.hold, release: MediaTime = standard.release
    ) throws(LimiterError) {
        guard Self.ceilingRange.contains(ceiling) else {
            throw .settingOutOfRange(name: "ceiling", value: "\(ceiling) dBTP", expected: "a number of dBTP from -60 to 0")
        }
        guard Self.marginRange.contains(margin) else {
            throw .settingOutOfRange(name: "margin", value: "\(margin) dB", expected: "a number of dB from 0 to 3")
        }
        for (name, time, range) in [("look-ahead", lookAhead, Self.lookAheadRange), ("hold", hold, Self.holdRange),
                                    ("release", release, Self.releaseRange)] where !range.contains(time) {
            throw .settingOutOfRange(name: name, value: "\(time)", expected: "a time from \(range.lowerBound) to \(range.upperBound)")
        }
        self.init(uncheckedCeiling: ceiling, margin: margin, lookAhead: lookAhead, hold: hold, release: release)
    }

    private init(uncheckedCeiling ceiling: Double, margin: Double, lookAhead: MediaTime, hold: MediaTime, release: MediaTime) {
        self.ceiling = ceiling + 0  // -0 reads as 0
        self.margin = margin + 0
        self.lookAhead = lookAhead
        self.hold = hold
        self.release = release
    }

    /// The threshold as a linear peak: `10^((ceiling − margin)/20)`.
    public var threshold: Double {
        Gain.decibelsToFactor(ceiling - margin)
    }
}
