#if canImport(Glibc)
internal import Glibc
#endif
internal import Synchronization

/// The temporary outputs being written, kept where a signal handler can read
/// them: fixed slots of C strings, published with atomics, so that
/// ``removeAll()`` can delete them before a process ends on a signal.
///
/// A slot is taken before its path is copied in and published after, so the
/// handler only ever reads complete paths. Paths longer than `PATH_MAX` and
/// outputs beyond the slots go unregistered: a later run removes such a
/// leftover (`AtomicOutputFile`).
package enum TemporaryFileRegistry {
    private static let slotCount = 64
    private static let slotSize = Int(PATH_MAX) + 1
    /// Bit `i`: slot `i` belongs to a file.
    private static let taken = Atomic<UInt64>(0)
    /// Bit `i`: slot `i` holds a complete path.
    private static let published = Atomic<UInt64>(0)
    private nonisolated(unsafe) static let paths = UnsafeMutablePointer<CChar>.allocate(capacity: slotCount * slotSize)

    /// Records `path` as a temporary file to remove if the process is ended by
    /// a signal; returns its slot for ``unregister(_:)``, or nil when it could
    /// not be recorded.
    package static func register(_ path: String) -> Int? {
        let bytes = Array(path.utf8)
        guard bytes.count < slotSize, !bytes.contains(0) else { return nil }
        var current = taken.load(ordering: .relaxed)
        while current != .max {
            let slot = (~current).trailingZeroBitCount
            let (exchanged, original) = taken.compareExchange(expected: current, desired: current | 1 << slot,
                                                             ordering: .acquiringAndReleasing)
            if exchanged {
                let start = paths + slot * slotSize
                bytes.withUnsafeBufferPointer { buffer in
                    buffer.withMemoryRebound(to: CChar.self) { start.update(from: $0.baseAddress!, count: $0.count) }
                }
                start[bytes.count] = 0
                published.bitwiseOr(1 << slot, ordering: .releasing)
                return slot
            }
            current = original
        }
        return nil
    }

    /// Forgets the file of `slot` (renamed into place or removed).
    package static func unregister(_ slot: Int) {
        published.bitwiseAnd(~(1 << slot), ordering: .releasing)
        taken.bitwiseAnd(~(1 << slot), ordering: .releasing)
    }

    /// Removes every registered file. Async-signal-safe: atomic loads and
    /// `unlink(2)` only, no allocation.
    package static func removeAll() {
        let mask = published.load(ordering: .acquiring)
        // Nothing was ever registered: do not touch (and so create) `paths`.
        guard mask != 0 else { return }
        for slot in 0..<slotCount where mask & 1 << slot != 0 {
            _ = unlink(paths + slot * slotSize)
        }
    }
}
