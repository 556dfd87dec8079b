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

    /// Where the item's gain may bend or jump: every start and end of its layers' segments, in seconds.
    var gainBoundaries: [Double] {
        guard let envelope else { return [] }
        return envelope.layers.flatMap { layer in layer.segments.flatMap { [$0.start.seconds] + ($0.end.map { [$0.seconds] } ?? []) } }
    }

    /// The item's gain over its timeline range as breakpoints on `rate`'s grid
    /// (timeline counts), drawn by `interpolation`; the last grid point inside the item last.
    func gainPoints(rate: OTIORate, interpolation: GainBreakpoints.Interpolation, without ranges: [MediaTimeRange] = []) -> [(tick: Int64, gain: Double)] {
        let first = rate.count(of: timeline.start)
        let last = max(first, rate.count(of: timeline.end) - 1)
        let end = timeline.end.seconds
        let breakpoints = GainBreakpoints(step: rate.seconds(ofCount: 1), interpolation: interpolation)
        return breakpoints.points(first: first, last: last, boundaries: gainBoundaries + ranges.flatMap { [$0.start.seconds, $0.end.seconds] }) { seconds in
            gain(at: min(seconds, end.nextDown), without: ranges)
        }
    }
}
