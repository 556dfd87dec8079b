#if canImport(Glibc)
internal import Glibc
#endif

/// An open file descriptor, closed by `close()` (it is a plain value: the owner closes it once).
package struct FileDescriptor {
    /// The descriptor number.
    package let rawValue: Int32

    /// Opens the existing file at `path` for writing, at no particular offset
    /// (`open(O_WRONLY)`).
    package static func open(writingTo path: String) throws(SystemError) -> FileDescriptor {
        let fd = Glibc.open(path, O_WRONLY)
        guard fd >= 0 else { throw .current }
        return FileDescriptor(rawValue: fd)
    }

    /// Opens the existing file at `path` for reading (`open(O_RDONLY)`).
    package static func open(readingFrom path: String) throws(SystemError) -> FileDescriptor {
        let fd = Glibc.open(path, O_RDONLY)
        guard fd >= 0 else { throw .current }
        return FileDescriptor(rawValue: fd)
    }

    /// Takes an exclusive advisory lock on the file without waiting
    /// (`flock(LOCK_EX | LOCK_NB)`); false when another open file holds one.
    /// The lock lasts until the descriptor is closed or the process ends,
    /// however it ends.
    package func tryLock() -> Bool {
        flock(rawValue, LOCK_EX | LOCK_NB) == 0
    }

    /// Creates the file at `path` for writing with `permissions`, failing if
    /// anything exists there (`open(O_WRONLY | O_CREAT | O_EXCL)`).
    package static func create(exclusively path: String, permissions: UInt32 = 0o644) throws(SystemError) -> FileDescriptor {
        let fd = Glibc.open(path, O_WRONLY | O_CREAT | O_EXCL, mode_t(permissions))
        guard fd >= 0 else { throw .current }
        return FileDescriptor(rawValue: fd)
    }

    /// Creates a file with no name in `folder`, open for reading and writing: the
    /// system removes it when the descriptor is closed, however the process ends
    /// (`open(O_TMPFILE)`). Where the file system has no unnamed files, a file
    /// with a hidden name is created (`O_CREAT | O_EXCL`) and its name removed
    /// at once.
    package static func createUnnamed(in folder: String) throws(SystemError) -> FileDescriptor {
        // O_TMPFILE is a macro of macros that Swift does not import: glibc's
        // definition, `__O_TMPFILE | O_DIRECTORY` (the same bits on x86-64 and arm64).
        let fd = Glibc.open(folder, 0o20_000_000 | O_DIRECTORY | O_RDWR | O_CLOEXEC, 0o600)
        if fd >= 0 { return FileDescriptor(rawValue: fd) }
        let refused = errno
        // EISDIR, EOPNOTSUPP, EINVAL: this kernel or file system has no O_TMPFILE.
        guard refused == EISDIR || refused == EOPNOTSUPP || refused == EINVAL else { throw SystemError(code: refused) }
        let path = folder + "/.mixdown-scratch-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).tmp"
        let named = Glibc.open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard named >= 0 else { throw .current }
        unlink(path)
        return FileDescriptor(rawValue: named)
    }

    /// Writes up to `count` bytes at byte `offset` of the file, leaving the file
    /// position alone (`pwrite`); returns how many were written.
    package func write(_ bytes: UnsafeRawPointer, count: Int, at offset: Int64) throws(SystemError) -> Int {
        let n = pwrite(rawValue, bytes, count, off_t(offset))
        guard n >= 0 else { throw .current }
        return n
    }

    /// Reads up to `count` bytes from byte `offset` of the file (`pread`);
    /// returns how many were read, 0 at the end.
    package func read(into bytes: UnsafeMutableRawPointer, count: Int, at offset: Int64) throws(SystemError) -> Int {
        let n = pread(rawValue, bytes, count, off_t(offset))
        guard n >= 0 else { throw .current }
        return n
    }

    /// Writes all `count` bytes at byte `offset` (`pwrite` until done, again
    /// where a signal cut it short).
    ///
    /// - Throws: the first error other than `EINTR`; `inputOutput` when nothing more can be written.
    package func writeAll(_ bytes: UnsafeRawPointer, count: Int, at offset: Int64) throws(SystemError) {
        var done = 0
        while done < count {
            do throws(SystemError) {
                let wrote = try write(bytes + done, count: count - done, at: offset + Int64(done))
                guard wrote > 0 else { throw SystemError.inputOutput }
                done += wrote
            } catch where error == .interrupted {
                continue
            }
        }
    }

    /// Reads exactly `count` bytes from byte `offset` (`pread` until done,
    /// again where a signal cut it short).
    ///
    /// - Throws: the first error other than `EINTR`; `inputOutput` when the file ends first.
    package func readAll(into bytes: UnsafeMutableRawPointer, count: Int, at offset: Int64) throws(SystemError) {
        var done = 0
        while done < count {
            do throws(SystemError) {
                let got = try read(into: bytes + done, count: count - done, at: offset + Int64(done))
                guard got > 0 else { throw SystemError.inputOutput }
                done += got
            } catch where error == .interrupted {
                continue
            }
        }
    }

    /// The file's size in bytes (`fstat`).
    package func size() throws(SystemError) -> Int64 {
        var info = stat()
        guard fstat(rawValue, &info) == 0 else { throw .current }
        return Int64(info.st_size)
    }

    /// Sets the file's access and modification times to now (`futimens`): how
    /// a cache marks an entry used.
    package func touch() throws(SystemError) {
        // No times: both become now.
        guard futimens(rawValue, nil) == 0 else { throw .current }
    }

    /// Closes the descriptor (`close`); it is invalid afterwards, even on error.
    package func close() throws(SystemError) {
        guard Glibc.close(rawValue) == 0 else { throw .current }
    }
}
