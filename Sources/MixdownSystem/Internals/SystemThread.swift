internal import Glibc

/// A thread that can be joined (`pthread_create`, `pthread_join`): once
/// ``join()`` returns, the thread is gone, so threads started next never
/// overlap it (Foundation's `Thread` cannot be joined, and an ended one lingers
/// for a moment in `/proc/self/task`, past `--threads`).
package final class SystemThread: @unchecked Sendable {
    private var handle = pthread_t()
    // Only the owner calls `join()` and `deinit`.
    private var joined = false

    /// Starts `body` on a new thread.
    package init(_ body: @escaping @Sendable () -> Void) {
        let context = Unmanaged.passRetained(Body(body)).toOpaque()
        let status = pthread_create(&handle, nil, { context in
            Unmanaged<Body>.fromOpaque(context!).takeRetainedValue().run()
            return nil
        }, context)
        // Only a system out of threads or memory refuses; nothing could go on then.
        precondition(status == 0, "cannot start a thread: \(String(cString: strerror(status)))")
    }

    deinit { join() }

    /// Waits until the thread has ended; at once if it was joined before.
    package func join() {
        guard !joined else { return }
        joined = true
        pthread_join(handle, nil)
    }

    private final class Body {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }
}
