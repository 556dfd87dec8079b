import MixdownTime

/// A stretch of a ``GainEnvelope`` between two consecutive boundaries of any
/// of its layers, where every layer follows a single segment.
///
/// Produced by ``GainEnvelope/spans``, to print or inspect exactly what the
/// renderer will apply.
public struct EnvelopeSpan: Hashable, Sendable {
    /// One layer's contribution to a span.
    public struct Factor: Hashable, Sendable {
        /// The layer's kind.
        public let layer: GainLayer.Kind

        /// The whole layer segment in force over the span (it may extend
        /// beyond the span), or `nil` when the span lies before the layer's
        /// first segment and the layer contributes 1.
        public let segment: GainSegment?
    }

    /// The first instant of the span; never before 0.
    public let start: MediaTime

    /// The first instant after the span, or `nil` for the final span, which
    /// holds forever.
    public let end: MediaTime?

    /// The envelope's gain at `start`.
    public let startGain: Double

    /// The gain the envelope approaches at `end` from inside the span (the
    /// next span may start elsewhere: a jump). Equals `startGain` for the
    /// final span.
    public let endGain: Double

    /// Every layer's factor, in the envelope's layer order.
    public let factors: [Factor]

    /// Whether every factor is constant over the span.
    public var isConstant: Bool {
        factors.allSatisfy { $0.segment?.isConstant ?? true }
    }

    /// The shape of the span as the product of its changing factors, e.g.
    /// `"linear(automation) × s-curve(duck)"`, or `"constant"`.
    public var curveDescription: String {
        let changing = factors.compactMap { factor -> String? in
            guard let segment = factor.segment, !segment.isConstant else { return nil }
            return "\(segment.curve.rawValue)(\(factor.layer.rawValue))"
        }
        return changing.isEmpty ? "constant" : changing.joined(separator: " × ")
    }
}

extension EnvelopeSpan: CustomStringConvertible {
    /// `"4s–9s 0.5→0.2 linear(automation)"`, `"9s– 0.2 constant"`.
    public var description: String {
        let range = "\(start.readable)–\(end.map(\.readable) ?? "")"
        let gains = isConstant ? "\(startGain)" : "\(startGain)→\(endGain)"
        return "\(range) \(gains) \(curveDescription)"
    }
}
