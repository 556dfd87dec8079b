import MixdownTime

extension GainEnvelope {
    /// The envelope as consecutive spans from time 0: the union of all layer
    /// boundaries, each span with its gains at both ends and the layer
    /// segments whose product it is.
    ///
    /// Boundaries before 0 are dropped (nothing before 0 is rendered), so the
    /// first span starts at 0 with whatever gain the layers have there. The
    /// last span is open-ended and constant. Gains inside a span follow the
    /// product of its factors' curves, which is itself one of the
    /// ``RampCurve`` shapes only when at most one factor changes.
    public var spans: [EnvelopeSpan] {
        var boundaries: Set<MediaTime> = [.zero]
        for layer in layers {
            for segment in layer.segments {
                for time in [segment.start, segment.end].compactMap({ $0 }) where time > .zero {
                    boundaries.insert(time)
                }
            }
        }
        let times = boundaries.sorted()
        return times.indices.map { i in
            let start = times[i]
            let end = i + 1 < times.count ? times[i + 1] : nil
            let factors = layers.map { layer in
                EnvelopeSpan.Factor(layer: layer.kind, segment: layer.segmentIndex(containing: start).map { layer.segments[$0] })
            }
            let startGain = factors.reduce(1.0) { $0 * ($1.segment?.gain(at: start.seconds) ?? 1) }
            let endGain = end.map { end in
                factors.reduce(1.0) { $0 * ($1.segment?.gain(at: end.seconds) ?? 1) }
            } ?? startGain
            return EnvelopeSpan(start: start, end: end, startGain: startGain, endGain: endGain, factors: factors)
        }
    }
}
