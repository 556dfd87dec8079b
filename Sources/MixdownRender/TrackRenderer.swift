import MixdownAudioMix
import MixdownDSP
import MixdownMediaIO

/// One audio track's share of each block: its segments decoded, scaled by its
/// envelope and added to the bus.
final class TrackRenderer {
    let envelope: GainEnvelope
    let readers: [SegmentReader]
    private let left: UnsafeMutablePointer<Float>
    private let right: UnsafeMutablePointer<Float>
    private let gains: UnsafeMutablePointer<Float>

    init(envelope: GainEnvelope, readers: [SegmentReader], blockSize: Int) {
        self.envelope = envelope
        self.readers = readers
        left = .allocate(capacity: blockSize)
        right = .allocate(capacity: blockSize)
        gains = .allocate(capacity: blockSize)
    }

    deinit {
        left.deallocate()
        right.deallocate()
        gains.deallocate()
    }

    /// The part of the last prepared block this track sounds in, and its gain when constant.
    private var pending: (offset: Int, count: Int, gain: Float?)?

    /// Decodes this track's segments for timeline samples `block` and computes their gains.
    ///
    /// Touches only this track's own buffers, so tracks can prepare on several threads
    /// at once; `accumulate` then adds the result to the bus.
    func prepare(_ block: Range<Int64>, sampleRate: Int32) throws(MediaIOError) {
        pending = nil
        let active = readers.filter { $0.span.overlaps(block) }
        guard !active.isEmpty else { return }
        // Only the samples a segment covers are touched; the rest of the block stays silent.
        let covered = active.map { $0.span.clamped(to: block) }
        let low = Int(covered.map(\.lowerBound).min()! - block.lowerBound)
        let high = Int(covered.map(\.upperBound).max()! - block.lowerBound)
        DSP.fill(left + low, value: 0, count: high - low)
        DSP.fill(right + low, value: 0, count: high - low)
        for (reader, part) in zip(active, covered) {
            let offset = Int(part.lowerBound - block.lowerBound)
            try reader.read(part, left: left + offset, right: right + offset)
        }
        let n = high - low
        let first = block.lowerBound + Int64(low)
        let gain = envelope.isConstant(firstSample: first, count: n, sampleRate: sampleRate)
        if gain == nil { envelope.fill(gains + low, firstSample: first, count: n, sampleRate: sampleRate) }
        pending = (low, n, gain)
    }

    /// Adds the prepared block, scaled by its gains, into the bus.
    func accumulate(left busLeft: UnsafeMutablePointer<Float>, right busRight: UnsafeMutablePointer<Float>) {
        guard let (low, n, gain) = pending else { return }
        if let gain {
            guard gain != 0 else { return }
            DSP.multiplyAccumulate(into: busLeft + low, left + low, gain: gain, count: n)
            DSP.multiplyAccumulate(into: busRight + low, right + low, gain: gain, count: n)
        } else {
            DSP.multiplyAccumulate(into: busLeft + low, left + low, gains: gains + low, count: n)
            DSP.multiplyAccumulate(into: busRight + low, right + low, gains: gains + low, count: n)
        }
    }

    func close() { readers.forEach { $0.close() } }
}
