/// Where a limiter's threshold is lowered: sample ranges, each with a factor in
/// (0, 1] that scales the threshold there; 1 everywhere else.
///
/// The AAC export uses it to pull the ceiling down locally where the decoded
/// file overshot. The map is piecewise constant over positions of detected
/// peaks (timeline samples, as the limiter's `firstPosition` counts them); the
/// limiter's usual attack, hold and release apply around each span.
public struct ThresholdMap: Hashable, Sendable {
    /// A range of positions and the factor of the threshold there.
    public struct Span: Hashable, Sendable {
        /// Positions (timeline samples) where the factor applies.
        public let range: Range<Int64>
        /// The threshold's factor, in (0, 1].
        public let factor: Double

        /// A span; ``ThresholdMap/init(spans:)`` checks it.
        public init(range: Range<Int64>, factor: Double) {
            self.range = range
            self.factor = factor
        }
    }

    /// The spans, sorted, none overlapping another.
    public let spans: [Span]

    /// A map that lowers nothing.
    public init() {
        spans = []
    }

    /// A map of `spans`: sorted by position, not empty, not overlapping
    /// (touching is fine), each factor in (0, 1].
    ///
    /// - Throws: ``LimiterError/invalidThresholdMap(reason:)`` naming the first bad span.
    public init(spans: [Span]) throws(LimiterError) {
        for (index, span) in spans.enumerated() {
            guard !span.range.isEmpty else {
                throw .invalidThresholdMap(reason: "span \(span.range) is empty")
            }
            guard span.factor > 0, span.factor <= 1 else {
                throw .invalidThresholdMap(reason: "span \(span.range) has factor \(span.factor), expected a factor above 0 and at most 1")
            }
            if index > 0, spans[index - 1].range.upperBound > span.range.lowerBound {
                throw .invalidThresholdMap(reason: "span \(span.range) starts before the end of span \(spans[index - 1].range)")
            }
        }
        self.spans = spans
    }
}
