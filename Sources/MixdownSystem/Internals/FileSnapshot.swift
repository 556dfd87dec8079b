#if canImport(Glibc)
internal import Glibc
#endif

/// What a file is and which version of it, by `stat(2)` (links followed): its
/// kind, and the identity that changes when it is replaced or rewritten.
package struct FileSnapshot: Equatable, Sendable {
    package let kind: FileKind
    /// The device and inode: which file.
    package let device: UInt64
    package let inode: UInt64
    /// Its size in bytes and its modification time in nanoseconds: which version.
    package let size: Int64
    package let modified: Int64

    /// The file `path` names now.
    ///
    /// - Throws: the `stat` error (`ENOENT` when nothing is there).
    package init(path: String) throws(SystemError) {
        var info = stat()
        guard stat(path, &info) == 0 else { throw .current }
        kind = FileKind(mode: info.st_mode)
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
    }
}
