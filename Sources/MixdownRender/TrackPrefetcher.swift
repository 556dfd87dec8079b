import Dispatch
import MixdownMediaIO
import MixdownUnits
import Synchronization

/// One track's blocks decoded ahead of the mix, a few deep, by a `WorkerPool`
/// thread that may serve several tracks (``produce(tracks:)``).
///
/// The track then decodes while the mix and the output run, and a render on
/// `n` threads decodes its tracks on `n - 1` of them whatever their number.
/// Memory stays bounded: `depth` blocks per track.
///
/// Unchecked Sendable: the producing thread is the only one that touches the
/// track and a slot between `free.wait()` and `ready.signal()`; the consumer
/// reads a slot only between `ready.wait()` and `free.signal()`. The semaphores
/// order the accesses.
final class TrackPrefetcher: TrackBlockSource, @unchecked Sendable {
    static let depth = 3

    private let track: TrackRenderer
    private let range: Range<Int64>
    private let blockSize: Int
    private let sampleRate: SampleRate
    private let slots: [TrackBlock]
    /// Free slots. Made at 0 and signalled `depth` times, because libdispatch traps
    /// when a semaphore is released below the value it was made with.
    private let free = DispatchSemaphore(value: 0)
    private let ready = DispatchSemaphore(value: 0)
    private let stopped = Atomic<Bool>(false)
    /// Producer side: where the next block starts, and how many were made.
    private var nextStart: Int64
    private var produced = 0
    /// Consumer side: blocks taken.
    private var consumed = 0

    init(track: TrackRenderer, range: Range<Int64>, blockSize: Int, sampleRate: SampleRate) {
        self.track = track
        self.range = range
        self.blockSize = blockSize
        self.sampleRate = sampleRate
        nextStart = range.lowerBound
        slots = (0..<Self.depth).map { _ in TrackBlock(capacity: blockSize) }
        for _ in 0..<Self.depth { free.signal() }
    }

    /// Decodes `tracks`' blocks in timeline order, one block of each in turn,
    /// until all are done or stopped: a pool job.
    static func produce(tracks: [TrackPrefetcher]) {
        var active = tracks
        while !active.isEmpty {
            active = active.filter { $0.produceNext() }
        }
    }

    /// Prepares the next block into a free slot, waiting for one; false when the
    /// track has no more blocks, failed, or was stopped.
    private func produceNext() -> Bool {
        guard nextStart < range.upperBound else { return false }
        free.wait()
        if stopped.load(ordering: .relaxed) { return false }
        let block = nextStart..<min(nextStart + Int64(blockSize), range.upperBound)
        let slot = slots[produced % Self.depth]
        slot.failure = nil
        do throws(MediaIOError) {
            try track.prepare(block, sampleRate: sampleRate, into: slot)
        } catch {
            slot.failure = error
            ready.signal()
            return false
        }
        ready.signal()
        produced += 1
        nextStart = block.upperBound
        return true
    }

    /// The next block (`block`, which the producer already knows), once decoded.
    func next(_ block: Range<Int64>) throws(MediaIOError) -> TrackBlock {
        ready.wait()
        let slot = slots[consumed % Self.depth]
        if let failure = slot.failure { throw failure }
        return slot
    }

    func release() {
        consumed += 1
        free.signal()
    }

    /// Stops the producer at its next block; the pool's thread then lets go of the track.
    func stop() {
        stopped.store(true, ordering: .relaxed)
        free.signal()
    }
}
