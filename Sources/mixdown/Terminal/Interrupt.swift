import Foundation
import MixdownMediaIO
import Synchronization

/// Signals, handled from the moment the process starts.
///
/// Every signal that ends a process by default and that a user, a terminal or
/// the system sends to stop a job (``stopping``: Ctrl-C's SIGINT, SIGTERM,
/// SIGHUP when the terminal closes, SIGQUIT, ...) is handled the same way.
/// While a job that polls for it runs (``pollForRequests()``: a render writing
/// its output), the first such signal asks it to stop at its next block; it
/// then removes its temporary output and exits. Before that (parsing, planning,
/// commands that write nothing), and for a second signal, the handler removes
/// the temporary outputs itself and ends the process at once. The exit code is
/// 128 + the signal's number (130 for Ctrl-C, 143 for SIGTERM, 129 for SIGHUP).
///
/// SIGPIPE and SIGXFSZ are ignored: a closed pipe or the file size limit then
/// fails the write that met it, which is reported and cleaned up like any
/// other write error (or, for messages on a closed stderr, dropped).
enum Interrupt {
    /// The signal that asked the job to stop, 0 while none has.
    private static let received = Atomic<Int32>(0)
    private static let polled = Atomic<Bool>(false)
    /// Whether the interrupted line was printed: once, by the handler or the stopped job.
    private static let announced = Atomic<Bool>(false)

    /// The signals handled as a request to stop.
    static let stopping: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU]

    static func install() {
        signal(SIGPIPE, SIG_IGN)
        signal(SIGXFSZ, SIG_IGN)
        for number in stopping {
            signal(number) { Interrupt.handle($0) }
        }
    }

    /// From now on the job polls ``isRequested()`` instead of being ended by the signal.
    static func pollForRequests() { polled.store(true, ordering: .relaxed) }

    static func isRequested() -> Bool { received.load(ordering: .relaxed) != 0 }

    /// The exit code of a job that stopped on request: 128 + the signal's number.
    static var exitCode: Int32 {
        let signal = received.load(ordering: .relaxed)
        return signal == 0 ? ExitStatus.interrupted : 128 + signal
    }

    /// Ends a job that stopped on request (`MediaIOError.cancelled`), its
    /// temporary output already removed.
    static func exitStopped() -> Never {
        announce()
        exit(exitCode)
    }

    /// Async-signal-safe: atomics, unlink(2) (through
    /// `AtomicOutputFile.removeTemporaryFiles()`), write(2) and _exit only.
    private static func handle(_ signal: Int32) {
        if polled.load(ordering: .relaxed), received.compareExchange(expected: 0, desired: signal, ordering: .relaxed).exchanged {
            return
        }
        AtomicOutputFile.removeTemporaryFiles()
        announce()
        _exit(128 + signal)
    }

    /// Prints the interrupted line unless it was printed already. Async-signal-safe.
    private static func announce() {
        guard !announced.exchange(true, ordering: .relaxed) else { return }
        let message: StaticString = "mixdown: interrupted: no output written\n"
        _ = write(2, message.utf8Start, message.utf8CodeUnitCount)
    }
}
