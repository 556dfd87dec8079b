import MixdownTime
import MixdownUnits

extension VideoCompositionLayerInstruction {
    /// The parts of `range` where the layer does not draw its frames as they
    /// are: where its opacity is under 1, its transform is not the identity, or
    /// a crop applies. In time order, merged where they touch.
    ///
    /// A smart render copies a clip's frames only outside these ranges: a fade
    /// from black over the first second re-encodes that second, not the clip.
    public func changedRanges(within range: MediaTimeRange) -> [MediaTimeRange] {
        let changes = opacityRamps.changes { $0 == .standard } + transformRamps.changes { $0 == .identity } + cropRamps.changes { _ in false }
        var merged: [(start: MediaTime, end: MediaTime)] = []
        for change in changes.sorted(by: { $0.start < $1.start }) {
            let start = max(change.start, range.start), end = min(change.end ?? range.end, range.end)
            guard start < end else { continue }
            if let last = merged.last, start <= last.end {
                merged[merged.count - 1].end = max(last.end, end)
            } else {
                merged.append((start, end))
            }
        }
        return merged.compactMap { try? MediaTimeRange(start: $0.start, end: $0.end) }
    }
}

extension Array {
    /// Where a property's settings make it differ from its initial value: each
    /// ramp whose ends are not both `isNeutral`, and the hold after a ramp that
    /// ends off neutral until the next setting (nil end: to the end of time).
    fileprivate func changes<Value>(isNeutral: (Value) -> Bool) -> [(start: MediaTime, end: MediaTime?)] where Element == LayerRamp<Value> {
        var spans: [(start: MediaTime, end: MediaTime?)] = []
        for (index, ramp) in enumerated() {
            let next = index + 1 < count ? self[index + 1].timeRange.start : nil
            if !(isNeutral(ramp.start) && isNeutral(ramp.end)) { spans.append((ramp.timeRange.start, ramp.timeRange.end)) }
            if !isNeutral(ramp.end) { spans.append((ramp.timeRange.end, next)) }
        }
        return spans
    }
}
