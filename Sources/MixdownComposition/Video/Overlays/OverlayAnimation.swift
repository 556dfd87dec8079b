import MixdownTime

/// One property of an overlay moving from one value to another over a time, as
/// Core Animation's `CABasicAnimation`.
///
/// Times are in the overlay's own time (0 is its start). Before an
/// animation's start its property has the overlay's own value (or the last
/// earlier animation's end value); inside it, the value moves from ``from`` to
/// ``to`` by the ``timing`` function; after its end it holds ``to`` until the
/// next animation of the same property: the rule the layer instructions' ramps
/// follow, AVFoundation's.
public struct OverlayAnimation: Hashable, Sendable {
    /// What an animation moves.
    public enum Property: String, Hashable, Sendable, CaseIterable {
        /// Opacity, 0 (transparent) to 1, multiplied with the overlay's own.
        case opacity
        /// The overlay's left edge, in render pixels (replacing its position's).
        case x
        /// Its top edge, in render pixels.
        case y
        /// Its size, as a factor about its centre (1: as placed).
        case scale
        /// Its turn about its centre, in degrees clockwise.
        case rotate
    }

    /// What moves.
    public var property: Property
    /// The value at the start.
    public var from: Double
    /// The value at the end, held after it.
    public var to: Double
    /// When it runs, in the overlay's time.
    public var timeRange: MediaTimeRange
    /// How it moves between the two.
    public var timing: TimingFunction

    /// `property` from `from` to `to` over `timeRange` (overlay time) by `timing`.
    public init(property: Property, from: Double, to: Double, timeRange: MediaTimeRange, timing: TimingFunction = .linear) {
        self.property = property
        self.from = from
        self.to = to
        self.timeRange = timeRange
        self.timing = timing
    }

    /// The value at `time` (overlay time) inside or after the animation.
    func value(at time: MediaTime) -> Double {
        guard (time < timeRange.end), (timeRange.duration > .zero) else { return to }
        return from + (to - from) * timing.value(at: timeRange.progress(at: time))
    }
}
