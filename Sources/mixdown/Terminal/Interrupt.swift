import Foundation
import Synchronization

/// Ctrl-C (SIGINT) and SIGTERM, installed when the process starts.
///
/// While a job that polls for it runs (``pollForRequests()``: a render writing
/// its output), the first signal asks it to stop at its next block; it then
/// removes its temporary output and exits 130. Before that (parsing, planning,
/// commands that write nothing), the signal ends the process at once with the
/// same message and code: nothing has been written yet. A second signal always
/// ends it at once.
enum Interrupt {
    private static let requested = Atomic<Bool>(false)
    private static let polled = Atomic<Bool>(false)

    static func install() {
        signal(SIGINT) { _ in Interrupt.handle(code: 130) }
        signal(SIGTERM) { _ in Interrupt.handle(code: 143) }
    }

    /// From now on the job polls ``isRequested()`` instead of being ended by the signal.
    static func pollForRequests() { polled.store(true, ordering: .relaxed) }

    static func isRequested() -> Bool { requested.load(ordering: .relaxed) }

    /// Async-signal-safe: atomics, write(2) and _exit only.
    private static func handle(code: Int32) {
        if polled.load(ordering: .relaxed), !requested.exchange(true, ordering: .relaxed) { return }
        let message: StaticString = "mixdown: interrupted: no output written\n"
        _ = write(2, message.utf8Start, message.utf8CodeUnitCount)
        _exit(code)
    }
}
