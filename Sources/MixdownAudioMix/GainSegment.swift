import MixdownTime

/// One piece of a ``GainLayer``: a constant gain or a ramp over `[start, end)`.
///
/// Gains are linear factors (1 = unchanged). At time `t` inside the segment
/// the gain is `curve.value(from: startGain, to: endGain, at: x)` with
/// `x = (t − start) / (end − start)`. A segment without an `end` lasts until
/// the next segment of its layer starts, or forever; it must be constant.
public struct GainSegment: Hashable, Sendable {
    /// The first instant the segment covers. May be negative: a ramp that
    /// began before the timeline is evaluated where it stands at time 0.
    public var start: MediaTime

    /// The first instant after the segment, or `nil` for open-ended.
    public var end: MediaTime?

    /// Linear gain at `start`.
    public var startGain: Double

    /// Linear gain approached at `end`, and held after it until the next
    /// segment of the layer.
    public var endGain: Double

    /// How the gain moves from `startGain` to `endGain`; irrelevant when
    /// they are equal.
    public var curve: RampCurve

    /// Makes a segment; ``GainLayer/init(kind:segments:)`` validates it.
    public init(start: MediaTime, end: MediaTime?, startGain: Double, endGain: Double, curve: RampCurve = .linear) {
        self.start = start
        self.end = end
        self.startGain = startGain
        self.endGain = endGain
        self.curve = curve
    }

    /// A constant gain from `start` until `end`, or until the next segment.
    public static func constant(_ gain: Double, from start: MediaTime, to end: MediaTime? = nil) -> GainSegment {
        GainSegment(start: start, end: end, startGain: gain, endGain: gain)
    }

    /// A ramp from `startGain` at `range.start` to `endGain` at `range.end`.
    public static func ramp(
        from startGain: Double, to endGain: Double, over range: MediaTimeRange, curve: RampCurve = .linear
    ) -> GainSegment {
        GainSegment(start: range.start, end: range.end, startGain: startGain, endGain: endGain, curve: curve)
    }

    /// Whether the gain is the same everywhere in the segment.
    public var isConstant: Bool {
        startGain == endGain
    }

    /// The gain at `seconds`, from this segment's formula alone.
    ///
    /// The position is clamped to the segment, so times before `start` give
    /// `startGain` and times at or after `end` give `endGain`.
    public func gain(at seconds: Double) -> Double {
        guard let end, !isConstant else { return startGain }
        let from = start.seconds
        let duration = end.seconds - from
        // Two distinct times can share one Double; such a segment holds at
        // most one sample, which gets the start gain.
        guard duration > 0 else { return startGain }
        return curve.value(from: startGain, to: endGain, at: (seconds - from) / duration)
    }
}

extension GainSegment: CustomStringConvertible {
    /// `"4s–9s 0.5→0.2 linear"`, `"9s– 0.2"` (open-ended constant).
    public var description: String {
        let range = "\(start.readable)–\(end.map(\.readable) ?? "")"
        return isConstant ? "\(range) \(startGain)" : "\(range) \(startGain)→\(endGain) \(curve.rawValue)"
    }
}
