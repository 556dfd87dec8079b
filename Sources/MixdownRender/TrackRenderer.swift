import MixdownAudioMix
import MixdownDSP
import MixdownMediaIO

/// One audio track's share of each block: its segments decoded and its gains computed.
final class TrackRenderer {
    /// An item's pan over the output samples it plays, as channel gains.
    struct Panning {
        var samples: Range<Int64>
        var left: Float
        var right: Float
    }

    let envelope: GainEnvelope
    let pans: [Panning]
    /// The segments' readers in timeline order (a composition track keeps them so).
    let readers: [SegmentReader]
    /// `reachedEnd[i]`: the latest end of readers `0...i`, so a block's readers
    /// are found by binary search, not by a scan of every segment per block
    /// (a bed looped over hours has thousands).
    private let reachedEnd: [Int64]

    init(envelope: GainEnvelope, pans: [Panning] = [], readers: [SegmentReader]) {
        self.envelope = envelope
        self.pans = pans
        self.readers = readers.sorted { $0.span.lowerBound < $1.span.lowerBound }
        var latest = Int64.min
        reachedEnd = self.readers.map { reader in
            latest = max(latest, reader.span.upperBound)
            return latest
        }
    }

    /// The readers whose span overlaps `block`.
    private func readers(overlapping block: Range<Int64>) -> [SegmentReader] {
        let first = firstIndex(in: reachedEnd.indices) { reachedEnd[$0] > block.lowerBound }
        let end = firstIndex(in: first..<readers.count) { readers[$0].span.lowerBound >= block.upperBound }
        return readers[first..<end].filter { $0.span.overlaps(block) }
    }

    /// The first index of `range` where `isPast` holds, which it does from there on.
    private func firstIndex(in range: Range<Int>, where isPast: (Int) -> Bool) -> Int {
        var low = range.lowerBound, high = range.upperBound
        while low < high {
            let middle = (low + high) / 2
            if isPast(middle) { high = middle } else { low = middle + 1 }
        }
        return low
    }

    /// Decodes this track's segments for timeline samples `block` into `out`, with their gains.
    ///
    /// Touches only this track's decoders and `out`, so tracks can prepare on several
    /// threads at once; `TrackBlock.accumulate` then adds the result to the bus.
    func prepare(_ block: Range<Int64>, sampleRate: Int32, into out: TrackBlock) throws(MediaIOError) {
        out.sounding = nil
        let active = readers(overlapping: block)
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
        // Pan scales the channels before the envelope, so a block stays one gain per sample.
        for pan in pans where pan.samples.overlaps(block) {
            let part = pan.samples.clamped(to: block)
            let offset = Int(part.lowerBound - block.lowerBound)
            DSP.scale(out.left + offset, by: pan.left, count: part.count)
            DSP.scale(out.right + offset, by: pan.right, count: part.count)
        }
        let n = high - low
        let first = block.lowerBound + Int64(low)
        let gain = envelope.isConstant(firstSample: first, count: n, sampleRate: sampleRate)
        if gain == nil { envelope.fill(out.gains + low, firstSample: first, count: n, sampleRate: sampleRate) }
        out.sounding = (low, n, gain)
    }

    func close() { readers.forEach { $0.close() } }
}
