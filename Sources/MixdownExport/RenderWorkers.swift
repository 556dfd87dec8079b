import Dispatch
import Foundation
import MixdownMediaIO
import MixdownRender
import Synchronization

/// Threads that each render a stretch for a session, and what they return.
///
/// The first error is kept and `isStopped` turns true, which the other workers
/// poll (with the session's cancellation) to stop at their next block.
final class RenderWorkers: Sendable {
    /// Frames rendered so far, summed over the workers and the calling thread.
    let done = Atomic<Int64>(0)
    private let failures = Mutex<MediaIOError?>(nil)
    private let finished = Mutex<[RenderSummary]>([])
    private let stopped = Atomic<Bool>(false)
    private let group = DispatchGroup()

    var isStopped: Bool { stopped.load(ordering: .relaxed) }

    /// Asks the workers to stop at their next block.
    func stop() { stopped.store(true, ordering: .relaxed) }

    /// Runs `work` on a new thread.
    func start(_ work: @escaping @Sendable () throws(MediaIOError) -> RenderSummary) {
        group.enter()
        Thread { [self] in
            do throws(MediaIOError) {
                let summary = try work()
                finished.withLock { $0.append(summary) }
            } catch {
                failures.withLock { if $0 == nil { $0 = error } }
                stop()
            }
            group.leave()
        }.start()
    }

    /// Waits up to `timeout` seconds for every worker; true when they have all ended.
    func wait(timeout: Double) -> Bool {
        group.wait(timeout: .now() + timeout) == .success
    }

    /// Waits until every worker has ended.
    func wait() { group.wait() }

    /// The first error a worker threw, once they have all ended.
    var failure: MediaIOError? { failures.withLock { $0 } }

    /// The summaries of the workers that finished, once they have all ended.
    var summaries: [RenderSummary] { finished.withLock { $0 } }
}
