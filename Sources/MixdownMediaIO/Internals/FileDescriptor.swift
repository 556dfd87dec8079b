#if canImport(Glibc)
internal import Glibc
#endif

/// An open file descriptor, closed by `close()` (it is a plain value: the owner closes it once).
struct FileDescriptor {
    /// The descriptor number.
    let rawValue: Int32

    /// Opens the existing file at `path` for writing, at no particular offset
    /// (`open(O_WRONLY)`).
    static func open(writingTo path: String) throws(SystemError) -> FileDescriptor {
        let fd = Glibc.open(path, O_WRONLY)
        guard fd >= 0 else { throw .current }
        return FileDescriptor(rawValue: fd)
    }

    /// Opens the existing file at `path` for reading (`open(O_RDONLY)`).
    static func open(readingFrom path: String) throws(SystemError) -> FileDescriptor {
        let fd = Glibc.open(path, O_RDONLY)
        guard fd >= 0 else { throw .current }
        return FileDescriptor(rawValue: fd)
    }

    /// Takes an exclusive advisory lock on the file without waiting
    /// (`flock(LOCK_EX | LOCK_NB)`); false when another open file holds one.
    /// The lock lasts until the descriptor is closed or the process ends,
    /// however it ends.
    func tryLock() -> Bool {
        flock(rawValue, LOCK_EX | LOCK_NB) == 0
    }

    /// Creates the file at `path` for writing with `permissions`, failing if
    /// anything exists there (`open(O_WRONLY | O_CREAT | O_EXCL)`).
    static func create(exclusively path: String, permissions: mode_t = 0o644) throws(SystemError) -> FileDescriptor {
        let fd = Glibc.open(path, O_WRONLY | O_CREAT | O_EXCL, permissions)
        guard fd >= 0 else { throw .current }
        return FileDescriptor(rawValue: fd)
    }

    /// Writes up to `count` bytes at byte `offset` of the file, leaving the file
    /// position alone (`pwrite`); returns how many were written.
    func write(_ bytes: UnsafeRawPointer, count: Int, at offset: Int64) throws(SystemError) -> Int {
        let n = pwrite(rawValue, bytes, count, off_t(offset))
        guard n >= 0 else { throw .current }
        return n
    }

    /// Reads up to `count` bytes from byte `offset` of the file (`pread`);
    /// returns how many were read, 0 at the end.
    func read(into bytes: UnsafeMutableRawPointer, count: Int, at offset: Int64) throws(SystemError) -> Int {
        let n = pread(rawValue, bytes, count, off_t(offset))
        guard n >= 0 else { throw .current }
        return n
    }

    /// The file's size in bytes (`fstat`).
    func size() throws(SystemError) -> Int64 {
        var info = stat()
        guard fstat(rawValue, &info) == 0 else { throw .current }
        return Int64(info.st_size)
    }

    /// Closes the descriptor (`close`); it is invalid afterwards, even on error.
    func close() throws(SystemError) {
        guard Glibc.close(rawValue) == 0 else { throw .current }
    }
}
