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
    private let failure = Mutex<MediaIOError?>(nil)
    private let summaries = Mutex<[RenderSummary]>([])
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
                summaries.withLock { $0.append(summary) }
            } catch {
                failure.withLock { if $0 == nil { $0 = error } }
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

    /// The workers' summaries, once they have all ended; the first error, if one failed.
    func results() throws(MediaIOError) -> [RenderSummary] {
        if let error = failure.withLock({ $0 }) { throw error }
        return summaries.withLock { $0 }
    }
}
