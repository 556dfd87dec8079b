import Dispatch
import Foundation
import MixdownMediaIO
import MixdownSystem
import Synchronization

/// Threads that run numbered jobs: every thread Mixdown starts is one of these.
///
/// A pool runs `jobs` jobs, numbered from 0, on at most `threads` threads,
/// which take them in order. With a `window`, no job starts `window` or more
/// jobs past the oldest one whose result the caller has not yet taken
/// (``result(of:timeout:)``), so results wait in memory for at most `window`
/// jobs. The first error a job throws is kept, and ``isStopped`` turns true;
/// jobs poll it (with their caller's cancellation) to stop at their next block.
///
/// A render that may keep `n` threads busy (`--threads n`) runs its own share
/// on the calling thread and gives a pool `n - 1` threads;
/// `AudioRenderer.defaultThreadCount` is the one default for `n`.
package final class WorkerPool<Result: Sendable>: @unchecked Sendable {
    /// Frames rendered so far, summed over the jobs and the calling thread.
    package let done = Atomic<Int64>(0)
    private let stopped = Atomic<Bool>(false)
    private let jobs: Int
    private let window: Int
    private let work: @Sendable (Int, WorkerPool<Result>) throws(MediaIOError) -> Result
    // Guarded by `condition`.
    private let condition = NSCondition()
    private var next = 0
    private var taken = 0
    private var results: [Int: Result] = [:]
    private var failure: MediaIOError?
    private var running = 0
    /// Joined by ``wait()``; set once by `init`.
    private var threads: [SystemThread] = []

    /// Starts `min(threads, jobs)` threads running `work(job, pool)` for jobs
    /// `0 ..< jobs` in order; `window` bounds how far ahead of the results taken
    /// they run (unbounded when nil).
    package init(threads: Int, jobs: Int, window: Int? = nil,
                 _ work: @escaping @Sendable (_ job: Int, _ pool: WorkerPool<Result>) throws(MediaIOError) -> Result) {
        self.jobs = jobs
        self.window = max(1, window ?? jobs)
        self.work = work
        let count = min(max(0, threads), jobs)
        running = count
        self.threads = (0..<count).map { _ in SystemThread { [self] in
            Thread.current.name = "mixdown.worker"
            run()
        } }
    }

    /// Whether the pool has been stopped (an error, or ``stop()``).
    package var isStopped: Bool { stopped.load(ordering: .relaxed) }

    /// Asks the jobs to stop at their next block and the threads to take no more.
    package func stop() { locked { stopped.store(true, ordering: .relaxed) } }

    /// Counts `frames` more frames rendered and returns the total so far.
    package func advance(by frames: Int64) -> Int64 {
        done.add(frames, ordering: .relaxed).newValue
    }

    /// Job `job`'s result once it is done, waiting at most `timeout` seconds (nil
    /// if it is not done by then), and lets the threads go one job further.
    /// Take results in job order. Throws the first error a job threw.
    package func result(of job: Int, timeout: Double) throws(MediaIOError) -> Result? {
        condition.lock()
        defer { condition.unlock() }
        let deadline = Date(timeIntervalSinceNow: timeout)
        while failure == nil, results[job] == nil, condition.wait(until: deadline) {}
        if let failure { throw failure }
        guard let result = results.removeValue(forKey: job) else { return nil }
        taken = max(taken, job + 1)
        condition.broadcast()
        return result
    }

    /// Waits up to `timeout` seconds for every thread to end; true when they have.
    package func wait(timeout: Double) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        let deadline = Date(timeIntervalSinceNow: timeout)
        while running > 0, condition.wait(until: deadline) {}
        return running == 0
    }

    /// Waits until every thread has ended and is gone (joined).
    package func wait() {
        condition.lock()
        while running > 0 { condition.wait() }
        condition.unlock()
        threads.forEach { $0.join() }
    }

    /// The first error a job threw, once the threads have ended.
    package var firstError: MediaIOError? { locked { failure } }

    /// The results not taken with ``result(of:timeout:)``, in job order, once the threads have ended.
    package var remainingResults: [Result] { locked { results.sorted { $0.key < $1.key }.map(\.value) } }

    /// Takes jobs on the calling thread too, beside the pool's threads, until
    /// none is left, then waits for the pool (``wait()``): a pool of `n - 1`
    /// threads and its caller keep `n` threads busy on jobs that are all alike.
    package func joinAndWait() {
        while let job = take() { execute(job) }
        wait()
    }

    /// A thread's life: take the next job while there is one and the pool runs.
    private func run() {
        while let job = take() { execute(job) }
        locked { running -= 1 }
    }

    /// Runs job `job`, keeping its result or the first error.
    private func execute(_ job: Int) {
        do throws(MediaIOError) {
            let result = try work(job, self)
            locked { results[job] = result }
        } catch {
            locked {
                if failure == nil { failure = error }
                stopped.store(true, ordering: .relaxed)
            }
        }
    }

    /// The next job, waiting while it would be `window` or more past the results taken.
    private func take() -> Int? {
        condition.lock()
        defer { condition.unlock() }
        while !isStopped, next < jobs, next >= taken + window { condition.wait() }
        guard !isStopped, next < jobs else { return nil }
        next += 1
        return next - 1
    }

    /// Runs `body` under the lock and wakes every waiter.
    private func locked<T>(_ body: () -> T) -> T {
        condition.lock()
        defer {
            condition.broadcast()
            condition.unlock()
        }
        return body()
    }
}

extension WorkerPool {
    /// Runs jobs `0 ..< count`, job 0 on the calling thread and the others on
    /// `count - 1` pool threads, and returns their results in job order: the shape
    /// of every scan cut into stretches.
    ///
    /// `work` gets the job's number and whether the pool was stopped, to poll with
    /// its caller's cancellation. A failure stops every job; the error thrown is
    /// the one that stopped them, not the `cancelled` of the jobs it stopped.
    package static func runEach(_ count: Int,
                                _ work: @escaping @Sendable (_ job: Int, _ isStopped: @escaping @Sendable () -> Bool) throws(MediaIOError) -> Result)
        throws(MediaIOError) -> [Result] {
        let pool = WorkerPool(threads: count - 1, jobs: count - 1) { job, pool throws(MediaIOError) in
            try work(job + 1, { pool.isStopped })
        }
        defer {
            pool.stop()
            pool.wait()
        }
        let first: Result
        do {
            first = try work(0, { pool.isStopped })
        } catch {
            pool.stop()
            pool.wait()
            throw error == .cancelled ? pool.firstError ?? error : error
        }
        pool.wait()
        if let failure = pool.firstError { throw failure }
        return [first] + pool.remainingResults
    }
}
