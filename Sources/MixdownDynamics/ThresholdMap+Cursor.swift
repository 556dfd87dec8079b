extension ThresholdMap {
    /// Reads the map's factor at positions that only ever increase, in constant
    /// time per position: the limiter asks once per sample.
    struct Cursor {
        private let spans: [Span]
        private var index = 0
        /// The factor from the last position asked to just before ``changes``.
        private(set) var factor = 1.0
        /// The first position where the factor may differ from ``factor``.
        private(set) var changes: Int64 = .min

        init(_ map: ThresholdMap) {
            spans = map.spans
        }

        /// The factor at `position`, at or after the last position asked.
        @inline(__always)
        mutating func factor(at position: Int64) -> Double {
            if position >= changes { move(to: position) }
            return factor
        }

        private mutating func move(to position: Int64) {
            while index < spans.count, spans[index].range.upperBound <= position { index += 1 }
            if index < spans.count, spans[index].range.contains(position) {
                factor = spans[index].factor
                changes = spans[index].range.upperBound
            } else {
                factor = 1
                changes = index < spans.count ? spans[index].range.lowerBound : .max
            }
        }
    }
}
