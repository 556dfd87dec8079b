import MixdownAudioMix
import MixdownDSP
import MixdownMediaIO
import MixdownUnits

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
    func prepare(_ block: Range<Int64>, sampleRate: SampleRate, into out: TrackBlock) throws(MediaIOError) {
        out.sounding = nil
        let active = readers(overlapping: block)
        guard !active.isEmpty else { return }
        // Only the samples a segment covers are touched; the rest of the block stays silent.
        let covered = active.map { $0.span.clamped(to: block) }
        let low = Int(covered.map(\.lowerBound).min()! - block.lowerBound)
        let high = Int(covered.map(\.upperBound).max()! - block.lowerBound)
        DSP.fill(out.samples.mutableSlice(low..<high), value: 0)
        for (reader, part) in zip(active, covered) {
            try reader.read(part, into: out.samples.mutableSlice(frames(part, of: block)))
        }
        // Pan scales the channels before the envelope, so a block stays one gain per sample.
        for pan in pans where pan.samples.overlaps(block) {
            let panned = out.samples.mutableSlice(frames(pan.samples.clamped(to: block), of: block))
            DSP.scale(panned.left, by: pan.left)
            DSP.scale(panned.right, by: pan.right)
        }
        let n = high - low
        let first = block.lowerBound + Int64(low)
        let gain = envelope.isConstant(firstSample: first, count: n, sampleRate: sampleRate)
        if gain == nil {
            let gains = out.gains.mutableSlice(low..<high).channel(0)
            envelope.fill(gains.baseAddress!, firstSample: first, count: n, sampleRate: sampleRate)
        }
        out.sounding = (low, n, gain)
    }

    /// Timeline samples `part` as frames of `block`.
    private func frames(_ part: Range<Int64>, of block: Range<Int64>) -> Range<Int> {
        Int(part.lowerBound - block.lowerBound)..<Int(part.upperBound - block.lowerBound)
    }

    func close() { readers.forEach { $0.close() } }
}
