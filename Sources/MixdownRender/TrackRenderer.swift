import MixdownAudioMix
import MixdownDSP
import MixdownMediaIO

/// One audio track's share of each block: its segments decoded and its gains computed.
final class TrackRenderer {
    let envelope: GainEnvelope
    let readers: [SegmentReader]

    init(envelope: GainEnvelope, readers: [SegmentReader]) {
        self.envelope = envelope
        self.readers = readers
    }

    /// Decodes this track's segments for timeline samples `block` into `out`, with their gains.
    ///
    /// Touches only this track's decoders and `out`, so tracks can prepare on several
    /// threads at once; `TrackBlock.accumulate` then adds the result to the bus.
    func prepare(_ block: Range<Int64>, sampleRate: Int32, into out: TrackBlock) throws(MediaIOError) {
        out.sounding = nil
        let active = readers.filter { $0.span.overlaps(block) }
        guard !active.isEmpty else { return }
        // Only the samples a segment covers are touched; the rest of the block stays silent.
        let covered = active.map { $0.span.clamped(to: block) }
        let low = Int(covered.map(\.lowerBound).min()! - block.lowerBound)
        let high = Int(covered.map(\.upperBound).max()! - block.lowerBound)
        DSP.fill(out.left + low, value: 0, count: high - low)
        DSP.fill(out.right + low, value: 0, count: high - low)
        for (reader, part) in zip(active, covered) {
            let offset = Int(part.lowerBound - block.lowerBound)
            try reader.read(part, left: out.left + offset, right: out.right + offset)
        }
        let n = high - low
        let first = block.lowerBound + Int64(low)
        let gain = envelope.isConstant(firstSample: first, count: n, sampleRate: sampleRate)
        if gain == nil { envelope.fill(out.gains + low, firstSample: first, count: n, sampleRate: sampleRate) }
        out.sounding = (low, n, gain)
    }

    func close() { readers.forEach { $0.close() } }
}
