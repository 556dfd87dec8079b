import Dispatch
import Foundation
import MixdownMediaIO
import Synchronization

/// Decodes one track ahead of the mix on a thread of its own, a few blocks deep.
///
/// Each track then runs at its own pace on whichever core is free, instead of every
/// block waiting for the slowest track, and the mix and the output overlap with the
/// decoding. Memory stays bounded: `depth` blocks per track.
///
/// Unchecked Sendable: the producer thread is the only one that touches the track
/// and a slot between `free.wait()` and `ready.signal()`; the consumer reads a slot
/// only between `ready.wait()` and `free.signal()`. The semaphores order the accesses.
final class TrackPrefetcher: TrackBlockSource, @unchecked Sendable {
    static let depth = 3

    private let track: TrackRenderer
    private let range: Range<Int64>
    private let blockSize: Int
    private let sampleRate: Int32
    private let slots: [TrackBlock]
    /// Free slots. Made at 0 and signalled `depth` times, because libdispatch traps
    /// when a semaphore is released below the value it was made with.
    private let free = DispatchSemaphore(value: 0)
    private let ready = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)
    private let stopped = Atomic<Bool>(false)
    private var consumed = 0

    init(track: TrackRenderer, range: Range<Int64>, blockSize: Int, sampleRate: Int32) {
        self.track = track
        self.range = range
        self.blockSize = blockSize
        self.sampleRate = sampleRate
        slots = (0..<Self.depth).map { _ in TrackBlock(capacity: blockSize) }
        for _ in 0..<Self.depth { free.signal() }
    }

    func start() {
        let thread = Thread { [self] in
            produce()
            finished.signal()
        }
        thread.name = "mixdown.track"
        thread.start()
    }

    private func produce() {
        var first = range.lowerBound
        var index = 0
        while first < range.upperBound {
            free.wait()
            if stopped.load(ordering: .relaxed) { return }
            let block = first..<min(first + Int64(blockSize), range.upperBound)
            let slot = slots[index % Self.depth]
            slot.failure = nil
            do throws(MediaIOError) {
                try track.prepare(block, sampleRate: sampleRate, into: slot)
            } catch {
                slot.failure = error
                ready.signal()
                return
            }
            ready.signal()
            index += 1
            first = block.upperBound
        }
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

    /// Stops the producer and waits until it has let go of the track.
    func stop() {
        stopped.store(true, ordering: .relaxed)
        free.signal()
        finished.wait()
    }
}
