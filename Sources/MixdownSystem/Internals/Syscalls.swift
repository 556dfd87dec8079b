#if canImport(Glibc)
internal import Glibc
#endif

// The path-level system calls of output files (AtomicOutputFile): thin
// wrappers that return Swift values and throw `SystemError`.

/// What `stat(2)` says about a file, as far as Mixdown asks.
package struct FileStatus {
    /// What kind of file a path names (`st_mode & S_IFMT`).
    package enum Kind: String {
        case regular = "regular file"
        case directory = "folder"
        case characterDevice = "character device"
        case blockDevice = "block device"
        case fifo = "FIFO (named pipe)"
        case socket
        case other = "special file"
    }

    /// The device holding the file.
    package var device: UInt64
    /// The file's inode on that device: with `device`, the file's identity.
    package var inode: UInt64
    /// Regular file, folder, device, FIFO, socket.
    package var kind: Kind
    /// Whether the path names a folder.
    package var isDirectory: Bool { kind == .directory }

    /// Whether `other` is the same file (device and inode), whatever the paths.
    package func isSameFile(_ other: FileStatus) -> Bool {
        device == other.device && inode == other.inode
    }

    /// The status of what `path` names (following links), or nil when it names
    /// nothing that can be reached.
    package init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        switch info.st_mode & S_IFMT {
        case S_IFREG: kind = .regular
        case S_IFDIR: kind = .directory
        case S_IFCHR: kind = .characterDevice
        case S_IFBLK: kind = .blockDevice
        case S_IFIFO: kind = .fifo
        case S_IFSOCK: kind = .socket
        default: kind = .other
        }
    }
}

/// The names in `folder` (`opendir`/`readdir`), without `.` and `..`; empty
/// when it cannot be read.
package func directoryEntries(of folder: String) -> [String] {
    guard let directory = opendir(folder) else { return [] }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
        if name != ".", name != ".." { names.append(name) }
    }
    return names
}

/// Whether a process with id `pid` exists (`kill(pid, 0)`), even one this
/// process may not signal.
package func processExists(_ pid: Int32) -> Bool {
    pid > 0 && (kill(pid, 0) == 0 || errno == EPERM)
}

/// Moves the file at `source` to `target` atomically, replacing what was there (`rename`).
package func renameFile(_ source: String, to target: String) throws(SystemError) {
    guard rename(source, target) == 0 else { throw .current }
}

/// Removes the name `path` (`unlink`); errors are ignored.
package func unlinkFile(_ path: String) {
    _ = unlink(path)
}

/// The process's id (`getpid`).
package func currentProcessID() -> Int32 {
    getpid()
}

/// Creates the folder `path` and any missing folder above it (`mkdir -p`),
/// with `permissions`; nothing when it exists.
///
/// - Throws: the first `mkdir` error other than `EEXIST`, or `ENOTDIR` when
///   something other than a folder is there.
package func makeFolders(_ path: String, permissions: UInt32 = 0o755) throws(SystemError) {
    if FileStatus(path: path)?.isDirectory == true { return }
    let parent = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
    if !parent.isEmpty, parent != path { try makeFolders(parent, permissions: permissions) }
    guard mkdir(path, mode_t(permissions)) == 0 || errno == EEXIST else { throw .current }
    guard FileStatus(path: path)?.isDirectory == true else { throw SystemError(code: ENOTDIR) }
}

/// The time now, in nanoseconds since 1970 (`CLOCK_REALTIME`): what file times count.
package func wallClockNanoseconds() -> Int64 {
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
}
