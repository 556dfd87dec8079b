internal import MixdownSndFile
internal import MixdownSystem

/// Where libsndfile's bytes go: a region of a file, starting at byte `base`,
/// written with `pwrite` in 256 KiB batches (libsndfile hands over 8 KB at a time,
/// and a 200 s stereo WAV is 7000 of those). `pwrite` at absolute offsets is what
/// lets several sinks fill disjoint regions of one file from several threads.
///
/// libsndfile talks to it as a `SoundFileIO` (positions count from `base`).
final class WAVFileSink: SoundFileIO {
    private var file: FileDescriptor?
    private let base: Int64
    private let buffer: UnsafeMutableRawPointer
    private let capacity = 1 << 18
    /// Stream offset (from `base`) of the next byte written.
    private(set) var position: Int64 = 0
    /// Stream offset of `buffer[0]`, and the bytes buffered from there.
    private var bufferStart: Int64 = 0
    private var buffered = 0
    /// The first write error, reported by `close()`.
    private(set) var failure: SystemError?
    /// While true, writes only move the position: their bytes are already in the
    /// file, written by another sink.
    var skipsWrites = false

    /// Opens `path` (which must exist) for writing bytes at `base` onwards.
    ///
    /// - Throws: `cannotCreateOutput` with the system's reason.
    init(path: String, base: Int64) throws(MediaIOError) {
        do {
            file = try FileDescriptor.open(writingTo: path)
        } catch {
            throw .cannotCreateOutput(path: path, reason: error.message)
        }
        self.base = base
        buffer = .allocate(byteCount: capacity, alignment: 64)
    }

    deinit {
        try? file?.close()
        buffer.deallocate()
    }

    /// The stream offset of the next write: after libsndfile wrote a header, where the samples start.
    var offset: Int64 { position }

    /// Writes out what is buffered and closes the file; the error, if any writes failed.
    func close() -> String? {
        flush()
        do {
            try file?.close()
        } catch {
            if failure == nil { failure = error }
        }
        file = nil
        return failure?.message
    }

    private func flush() {
        var done = 0
        while done < buffered, failure == nil, let file {
            do {
                done += try file.write(buffer + done, count: buffered - done, at: base + bufferStart + Int64(done))
            } catch {
                if error != .interrupted { failure = error }
            }
        }
        bufferStart = position
        buffered = 0
    }

    func write(_ bytes: UnsafeRawPointer, count: Int) -> Int {
        if position != bufferStart + Int64(buffered) { flush() }
        if skipsWrites {
            flush()
            position += Int64(count)
            bufferStart = position
            return count
        }
        var done = 0
        while done < count, failure == nil {
            if buffered == capacity { flush() }
            let n = min(count - done, capacity - buffered)
            (buffer + buffered).copyMemory(from: bytes + done, byteCount: n)
            buffered += n
            done += n
            position += Int64(n)
        }
        return failure == nil ? count : 0
    }

    func seek(_ offset: Int64, from origin: SeekOrigin) -> Int64 {
        flush()
        switch origin {
        case .start: position = offset
        case .current: position += offset
        case .end: position = length() + offset
        }
        bufferStart = position
        return position
    }

    func read(_ bytes: UnsafeMutableRawPointer, count: Int) -> Int {
        flush()
        guard let n = try? file?.read(into: bytes, count: count, at: base + position), n > 0 else { return 0 }
        position += Int64(n)
        bufferStart = position
        return n
    }

    /// The file's length from `base`: what libsndfile reads to size the data chunk.
    func length() -> Int64 {
        flush()
        guard let size = try? file?.size() else { return 0 }
        return size - base
    }
}
