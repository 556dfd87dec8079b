import Dispatch
internal import Synchronization

/// Independent jobs run side by side: planning reading several files at once
/// (scanning clips, listening for speech).
enum SideBySide {
    /// `work(n)` for every job number in `order`, on at most `threads` threads
    /// (the calling thread's among them), each thread taking the next number of
    /// `order` when it is free: put the longest first. The results come by job
    /// number, `order` sorted; the first failure in that order is thrown, once
    /// every job has ended.
    static func run<Value: Sendable, Failure: Error>(_ order: [Int], threads: Int,
                                                      _ work: @Sendable (Int) throws(Failure) -> Value) throws(Failure) -> [Value] {
        let results = Mutex<[Int: Result<Value, Failure>]>([:])
        let next = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: min(max(1, threads), order.count)) { _ in
            while true {
                let taken = next.withLock { k in defer { k += 1 }; return k }
                guard taken < order.count else { return }
                let job = order[taken]
                let result = Result { () throws(Failure) in try work(job) }
                results.withLock { $0[job] = result }
            }
        }
        let all = results.withLock { $0 }
        var values: [Value] = []
        for job in order.sorted() { values.append(try all[job]!.get()) }
        return values
    }
}
