import MixdownAudioMix
import MixdownTime

extension TimelineLayout.Item {
    /// The item's gain at `seconds` on the timeline, every layer multiplied (pan
    /// apart); inside `without`, the layers but the fades (the crossfade a
    /// transition item draws there instead). 1 for the picture.
    func gain(at seconds: Double, without ranges: [MediaTimeRange] = []) -> Double {
        guard let envelope else { return 1 }
        if ranges.contains(where: { seconds >= $0.start.seconds && seconds < $0.end.seconds }) {
            return envelope.layers.filter { $0.kind != .fade }.reduce(1) { $0 * $1.gain(at: seconds) }
        }
        return envelope.gain(at: seconds)
    }

    /// The item's gain over its timeline range as breakpoints on `rate`'s grid
    /// (timeline counts), drawn by `interpolation`; the last grid point inside the item last.
    func gainPoints(rate: OTIORate, interpolation: GainBreakpoints.Interpolation, without ranges: [MediaTimeRange] = []) -> [(tick: Int64, gain: Double)] {
        let first = rate.count(of: timeline.start)
        let last = max(first, rate.count(of: timeline.end) - 1)
        let end = timeline.end.seconds
        let breakpoints = GainBreakpoints(step: rate.seconds(ofCount: 1), interpolation: interpolation)
        let inside = Self.slice(of: gainBoundaries, from: timeline.start.seconds, to: end)
        return breakpoints.points(first: first, last: last, boundaries: Array(inside) + ranges.flatMap { [$0.start.seconds, $0.end.seconds] }) { seconds in
            gain(at: min(seconds, end.nextDown), without: ranges)
        }
    }

    /// The part of ascending `values` from `low` to `high`, by binary search.
    private static func slice(of values: [Double], from low: Double, to high: Double) -> ArraySlice<Double> {
        func firstIndex(notBelow value: Double) -> Int {
            var (lower, upper) = (0, values.count)
            while lower < upper {
                let middle = (lower + upper) / 2
                if values[middle] < value { lower = middle + 1 } else { upper = middle }
            }
            return lower
        }
        let start = firstIndex(notBelow: low)
        return values[start..<max(start, firstIndex(notBelow: high.nextUp))]
    }
}
