import MixdownTime

extension Array where Element == MediaTimeRange {
    /// The ranges in time order, those that overlap or touch joined into one.
    func merged() -> [MediaTimeRange] {
        var joined: [MediaTimeRange] = []
        for range in sorted(by: { $0.start < $1.start }) {
            if let last = joined.last, range.start <= last.end {
                if range.end > last.end, let longer = try? MediaTimeRange(start: last.start, end: range.end) { joined[joined.count - 1] = longer }
            } else {
                joined.append(range)
            }
        }
        return joined
    }
}
