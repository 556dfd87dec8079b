import MixdownTime
import MixdownUnits

/// A value a layer instruction can ramp: `Opacity`, ``LayerTransform``, ``CropRectangle``.
public protocol LayerRampable: Hashable, Sendable {
    /// The value `fraction` (0 to 1) of the way from `self` to `end`, linearly.
    func interpolated(to end: Self, fraction: Double) -> Self
}

/// One ramp (or, with `start == end`, one value set at a time) of a layer
/// instruction, as `AVMutableVideoCompositionLayerInstruction` keeps them.
public struct LayerRamp<Value: LayerRampable>: Hashable, Sendable {
    /// The value at the start of ``timeRange``.
    public var start: Value
    /// The value at its end, held after it until the next ramp.
    public var end: Value
    /// Where the ramp runs, in timeline time; empty for a value set at one time.
    public var timeRange: MediaTimeRange

    /// A ramp from `start` to `end` over `timeRange`.
    public init(from start: Value, to end: Value, timeRange: MediaTimeRange) {
        self.start = start
        self.end = end
        self.timeRange = timeRange
    }

    /// The value at `time` inside the ramp: the exact fraction of the way
    /// through its time range (`MediaTimeRange.progress(at:)`) from `start` to `end`.
    public func value(at time: MediaTime) -> Value {
        guard timeRange.duration > .zero else { return end }
        return start.interpolated(to: end, fraction: timeRange.progress(at: time))
    }
}

extension Array {
    /// The value of a layer property at `time`, AVFoundation's rule: nil (the
    /// property's initial value) before the first ramp; inside a ramp, its
    /// interpolation; between ramps, the end value of the last one that began.
    func value<Value>(at time: MediaTime) -> Value? where Element == LayerRamp<Value> {
        guard let index = lastIndex(where: { $0.timeRange.start <= time }) else { return nil }
        let ramp = self[index]
        return time < ramp.timeRange.end ? ramp.value(at: time) : ramp.end
    }

    /// `ramp` added in time order; a ramp that starts where another starts replaces it.
    mutating func insert<Value>(_ ramp: LayerRamp<Value>) where Element == LayerRamp<Value> {
        removeAll { $0.timeRange.start == ramp.timeRange.start }
        let index = firstIndex { $0.timeRange.start > ramp.timeRange.start } ?? endIndex
        insert(ramp, at: index)
    }
}

/// Opacity ramps linearly, kept in 0...1 (`Opacity.interpolated(to:fraction:)`).
extension Opacity: LayerRampable {}

extension Double {
    /// The number `fraction` of the way to `end`: how a transform's and a crop's
    /// numbers ramp. Not `LayerRampable` itself, so no ramp holds an unchecked number.
    func interpolated(to end: Double, fraction: Double) -> Double { self + (end - self) * fraction }
}
