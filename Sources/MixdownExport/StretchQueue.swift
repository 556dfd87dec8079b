import Foundation
import MixdownMediaIO
import MixdownRender
import Synchronization

/// The stretches of a parallel export, shared by the worker threads that encode
/// them and the thread that writes them in order.
///
/// Workers take stretches in timeline order, but never one `window` or more
/// stretches past the oldest stretch not yet written, so that at most `window`
/// stretches are being encoded or waiting to be written: memory stays bounded
/// however long the timeline. All mutable state is guarded by `condition`,
/// except the two atomics.
final class StretchQueue: @unchecked Sendable {
    /// A finished stretch: its packets (timeline pts) and its worker's render summary
    /// (the peak of what it rendered).
    struct Result: Sendable {
        var packets: [EncodedAudioPacket]
        var summary: RenderSummary
    }

    let count: Int
    let window: Int
    /// The stretches' own samples rendered so far, summed over the workers.
    let done = Atomic<Int64>(0)
    /// Set when the export ends early (an error, a cancellation): workers poll it every block.
    private let stopped = Atomic<Bool>(false)
    private let condition = NSCondition()
    private var next = 0
    private var written = 0
    private var results: [Int: Result] = [:]
    private var failure: MediaIOError?
    private var running = 0

    init(count: Int, window: Int) {
        self.count = count
        self.window = max(1, window)
    }

    var isStopped: Bool { stopped.load(ordering: .relaxed) }

    /// Counts a worker about to start (call before starting its thread).
    func workerStarting() { locked { running += 1 } }

    /// Called by a worker as it ends.
    func workerFinished() { locked { running -= 1 } }

    /// Called by a worker: the next stretch to encode, waiting while it would be too
    /// far ahead of the writer; nil when none is left or the export stopped.
    func take() -> Int? {
        condition.lock()
        defer { condition.unlock() }
        while !isStopped, next < count, next >= written + window { condition.wait() }
        guard !isStopped, next < count else { return nil }
        next += 1
        return next - 1
    }

    /// Called by a worker with a finished stretch.
    func deliver(_ index: Int, _ result: Result) { locked { results[index] = result } }

    /// Called by a worker that failed: keeps the first error for the writer and stops the others.
    func fail(_ error: MediaIOError) {
        locked {
            if failure == nil { failure = error }
            stopped.store(true, ordering: .relaxed)
        }
    }

    /// Called by the writer: stretch `index`, once encoded, waiting at most `timeout`
    /// seconds (nil if it is not ready by then); throws a worker's error.
    func result(_ index: Int, timeout: Double) throws(MediaIOError) -> Result? {
        condition.lock()
        defer { condition.unlock() }
        let deadline = Date(timeIntervalSinceNow: timeout)
        while failure == nil, results[index] == nil, condition.wait(until: deadline) {}
        if let failure { throw failure }
        return results.removeValue(forKey: index)
    }

    /// Called by the writer when stretch `index` is written: workers may go one further.
    func markWritten(_ index: Int) { locked { written = index + 1 } }

    /// Ends the export early: workers stop at their next block and take no more stretches.
    func stop() { locked { stopped.store(true, ordering: .relaxed) } }

    /// Waits until every worker thread has ended.
    func waitForWorkers() {
        condition.lock()
        defer { condition.unlock() }
        while running > 0 { condition.wait() }
    }

    /// Runs `change` under the lock and wakes every waiter.
    private func locked(_ change: () -> Void) {
        condition.lock()
        change()
        condition.broadcast()
        condition.unlock()
    }
}
