/// A stretch of the timeline where a duck holds a track below unity, for reports
/// and pictures of a mix.
public struct DuckedStretch: Hashable, Sendable {
    /// Where it starts and ends, in timeline seconds.
    public var start: Double
    public var end: Double
    /// The lowest duck gain inside it: the duck's depth there.
    public var lowestGain: Double
}

extension GainEnvelope {
    /// Where any of `envelopes`' duck layers is below 1 within `[0, end)` seconds,
    /// merged where they touch or overlap, in time order. The ramps down and up
    /// belong to the stretch, so it runs from the first ramp's start to the last's end.
    public static func duckedStretches(in envelopes: [GainEnvelope], until end: Double) -> [DuckedStretch] {
        var pieces: [DuckedStretch] = []
        for envelope in envelopes {
            for layer in envelope.layers where layer.kind == .duck {
                for segment in layer.segments where min(segment.startGain, segment.endGain) < 1 {
                    let start = max(0, segment.start.seconds)
                    let stop = min(end, segment.end?.seconds ?? end)
                    guard start < stop else { continue }
                    // A ramp that began before 0 only reaches its start gain outside the window.
                    let lowest = min(segment.gain(at: start), segment.gain(at: stop))
                    pieces.append(DuckedStretch(start: start, end: stop, lowestGain: lowest))
                }
            }
        }
        pieces.sort { $0.start < $1.start }
        var stretches: [DuckedStretch] = []
        for piece in pieces {
            if let last = stretches.last, piece.start <= last.end {
                stretches[stretches.count - 1].end = max(last.end, piece.end)
                stretches[stretches.count - 1].lowestGain = min(last.lowestGain, piece.lowestGain)
            } else {
                stretches.append(piece)
            }
        }
        return stretches
    }
}
