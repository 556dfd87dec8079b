import CSndFile
#if canImport(Glibc)
import Glibc
#endif

/// Where libsndfile's bytes go: a region of a file, starting at byte `base`,
/// written with `pwrite` in 256 KiB batches (libsndfile hands over 8 KB at a time,
/// and a 200 s stereo WAV is 7000 of those). `pwrite` at absolute offsets is what
/// lets several sinks fill disjoint regions of one file from several threads.
///
/// libsndfile talks to it through `virtualIO`, with the sink as user data.
final class WAVFileSink {
    private var fd: Int32
    private let base: Int64
    private let buffer: UnsafeMutableRawPointer
    private let capacity = 1 << 18
    /// Stream offset (from `base`) of the next byte written.
    fileprivate var position: Int64 = 0
    /// Stream offset of `buffer[0]`, and the bytes buffered from there.
    private var bufferStart: Int64 = 0
    private var buffered = 0
    /// The first write error (errno), reported by `close()`.
    private(set) var failure: Int32 = 0
    /// While true, writes only move the position: their bytes are already in the
    /// file, written by another sink.
    var skipsWrites = false

    /// Opens `path` (which must exist) for writing bytes at `base` onwards.
    init(path: String, base: Int64) throws(MediaIOError) {
        fd = open(path, O_WRONLY)
        guard fd >= 0 else { throw .cannotCreateOutput(path: path, reason: String(cString: strerror(errno))) }
        self.base = base
        buffer = .allocate(byteCount: capacity, alignment: 64)
    }

    deinit {
        if fd >= 0 { Glibc.close(fd) }
        buffer.deallocate()
    }

    /// The stream offset of the next write: after libsndfile wrote a header, where the samples start.
    var offset: Int64 { position }

    /// Writes out what is buffered and closes the file; the error, if any writes failed.
    func close() -> String? {
        flush()
        if Glibc.close(fd) != 0, failure == 0 { failure = errno }
        fd = -1
        return failure == 0 ? nil : String(cString: strerror(failure))
    }

    private func flush() {
        var done = 0
        while done < buffered, failure == 0 {
            let n = pwrite(fd, buffer + done, buffered - done, off_t(base + bufferStart) + off_t(done))
            if n < 0 {
                if errno != EINTR { failure = errno }
            } else {
                done += n
            }
        }
        bufferStart = position
        buffered = 0
    }

    fileprivate func write(_ bytes: UnsafeRawPointer, count: Int) -> Int {
        if position != bufferStart + Int64(buffered) { flush() }
        if skipsWrites {
            flush()
            position += Int64(count)
            bufferStart = position
            return count
        }
        var done = 0
        while done < count, failure == 0 {
            if buffered == capacity { flush() }
            let n = min(count - done, capacity - buffered)
            (buffer + buffered).copyMemory(from: bytes + done, byteCount: n)
            buffered += n
            done += n
            position += Int64(n)
        }
        return failure == 0 ? count : 0
    }

    fileprivate func seek(_ offset: Int64, whence: Int32) -> Int64 {
        flush()
        switch whence {
        case SEEK_SET: position = offset
        case SEEK_CUR: position += offset
        default: position = length() + offset
        }
        bufferStart = position
        return position
    }

    fileprivate func read(_ bytes: UnsafeMutableRawPointer, count: Int) -> Int {
        flush()
        let n = pread(fd, bytes, count, off_t(base + position))
        guard n > 0 else { return 0 }
        position += Int64(n)
        bufferStart = position
        return n
    }

    /// The file's length from `base`: what libsndfile reads to size the data chunk.
    fileprivate func length() -> Int64 {
        flush()
        var info = stat()
        guard fstat(fd, &info) == 0 else { return 0 }
        return Int64(info.st_size) - base
    }

    /// The callbacks for `sf_open_virtual`.
    static var virtualIO: SF_VIRTUAL_IO {
        SF_VIRTUAL_IO(
            get_filelen: { sink($0).length() },
            seek: { offset, whence, user in sink(user).seek(offset, whence: whence) },
            read: { bytes, count, user in sf_count_t(sink(user).read(bytes!, count: Int(count))) },
            write: { bytes, count, user in sf_count_t(sink(user).write(bytes!, count: Int(count))) },
            tell: { sink($0).position })
    }
}

private func sink(_ user: UnsafeMutableRawPointer?) -> WAVFileSink {
    Unmanaged<WAVFileSink>.fromOpaque(user!).takeUnretainedValue()
}
