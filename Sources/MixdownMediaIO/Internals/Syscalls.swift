#if canImport(Glibc)
internal import Glibc
#endif

// The path-level system calls of output files (AtomicOutputFile): thin
// wrappers that return Swift values and throw `SystemError`.

/// What `stat(2)` says about a file, as far as Mixdown asks.
struct FileStatus {
    /// The device holding the file.
    var device: UInt64
    /// The file's inode on that device: with `device`, the file's identity.
    var inode: UInt64
    /// Whether the path names a folder.
    var isDirectory: Bool

    /// The status of what `path` names (following links), or nil when it names
    /// nothing that can be reached.
    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        isDirectory = (info.st_mode & S_IFMT) == S_IFDIR
    }
}

/// Moves the file at `source` to `target` atomically, replacing what was there (`rename`).
func renameFile(_ source: String, to target: String) throws(SystemError) {
    guard rename(source, target) == 0 else { throw .current }
}

/// Removes the name `path` (`unlink`); errors are ignored.
func unlinkFile(_ path: String) {
    _ = unlink(path)
}

/// The process's id (`getpid`).
func currentProcessID() -> Int32 {
    getpid()
}
