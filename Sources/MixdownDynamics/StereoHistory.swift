/// Two channels of contiguous samples: `history` samples of the past followed
/// by room for up to `chunk` new ones. The layout the detector's filters read
/// (`[history | block]`) and the limiter's delay line.
final class StereoHistory {
    /// Samples of the past kept in front of each chunk.
    let history: Int
    /// The most new samples one chunk holds.
    let chunk: Int
    /// The left channel, `history + chunk` samples; the past first.
    let left: UnsafeMutablePointer<Float>
    /// The right channel, likewise.
    let right: UnsafeMutablePointer<Float>

    /// Zeros as the past.
    init(history: Int, chunk: Int) {
        self.history = history
        self.chunk = chunk
        left = .allocate(capacity: history + chunk)
        left.initialize(repeating: 0, count: history + chunk)
        right = .allocate(capacity: history + chunk)
        right.initialize(repeating: 0, count: history + chunk)
    }

    deinit {
        left.deallocate()
        right.deallocate()
    }

    /// After `count` new samples were written after the past, keeps the last
    /// `history` samples as the past of the next chunk.
    func advance(by count: Int) {
        // The regions overlap when count < history: copyMemory is memmove.
        UnsafeMutableRawPointer(left).copyMemory(from: left + count, byteCount: history * MemoryLayout<Float>.stride)
        UnsafeMutableRawPointer(right).copyMemory(from: right + count, byteCount: history * MemoryLayout<Float>.stride)
    }
}
