import Foundation
import Synchronization

/// Ctrl-C handling: the first SIGINT asks the running job to stop at its next
/// block (it then removes its temporary output and exits 130); a second one exits at once.
enum Interrupt {
    private static let requested = Atomic<Bool>(false)

    static func install() {
        signal(SIGINT) { _ in
            if Interrupt.requested.exchange(true, ordering: .relaxed) { _exit(130) }
        }
        signal(SIGTERM) { _ in
            if Interrupt.requested.exchange(true, ordering: .relaxed) { _exit(143) }
        }
    }

    static func isRequested() -> Bool { requested.load(ordering: .relaxed) }
}
