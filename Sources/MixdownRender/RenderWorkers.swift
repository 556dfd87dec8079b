import Dispatch
import Foundation
import MixdownMediaIO
import Synchronization

/// Threads that each render a stretch of a timeline, and what they return: the
/// other threads of a render split over the cores (`PreviewSession`, `LevelScan`).
///
/// The first error is kept and `isStopped` turns true, which the other workers
/// poll (with their caller's cancellation) to stop at their next block.
package final class RenderWorkers<Result: Sendable>: Sendable {
    /// Frames rendered so far, summed over the workers and the calling thread.
    package let done = Atomic<Int64>(0)
    private let failures = Mutex<MediaIOError?>(nil)
    private let finished = Mutex<[Result]>([])
    private let stopped = Atomic<Bool>(false)
    private let group = DispatchGroup()

    package init() {}

    package var isStopped: Bool { stopped.load(ordering: .relaxed) }

    /// Asks the workers to stop at their next block.
    package func stop() { stopped.store(true, ordering: .relaxed) }

    /// Runs `work` on a new thread.
    package func start(_ work: @escaping @Sendable () throws(MediaIOError) -> Result) {
        group.enter()
        Thread { [self] in
            do throws(MediaIOError) {
                let result = try work()
                finished.withLock { $0.append(result) }
            } catch {
                failures.withLock { if $0 == nil { $0 = error } }
                stop()
            }
            group.leave()
        }.start()
    }

    /// Waits up to `timeout` seconds for every worker; true when they have all ended.
    package func wait(timeout: Double) -> Bool {
        group.wait(timeout: .now() + timeout) == .success
    }

    /// Waits until every worker has ended.
    package func wait() { group.wait() }

    /// The first error a worker threw, once they have all ended.
    package var failure: MediaIOError? { failures.withLock { $0 } }

    /// What the workers that finished returned, once they have all ended.
    package var results: [Result] { finished.withLock { $0 } }

    /// Counts `frames` more frames rendered and returns the total so far.
    package func advance(by frames: Int64) -> Int64 {
        done.add(frames, ordering: .relaxed).newValue
    }
}
