internal import MixdownDSP
internal import MixdownSystem
package import MixdownUnits
internal import Synchronization

/// One entry being written: a temporary file in the cache folder into which
/// pieces of the input's frames are decoded at their places, on any threads,
/// then renamed into place whole by ``finish()``.
///
/// The frames lie in chunks at fixed offsets (`ConformEntry`), so pieces that
/// start on chunk boundaries write exactly what a decode in one piece writes,
/// provided the decoder's seek lands where a decode from the start does: a
/// piece after the first seeks. Released unfinished (an error, a cancellation),
/// the writer removes its temporary file.
package final class ConformEntryWriter: Sendable {
    /// The input.
    package let path: String

    let cache: ConformCache
    let key: ConformCacheKey
    let sampleRate: SampleRate
    let temporary: String
    let headerSize: Int64
    private let file: FileDescriptor
    /// Frames the last piece found the input to hold, once it is written; whether the file is renamed.
    private let state = Mutex<(frameCount: Int64?, done: Bool)>((nil, false))

    /// Starts an entry of `path` at `sampleRate` in `cache`'s folder.
    ///
    /// - Throws: `missingInput` when the file cannot be read; `cannotCreateOutput`
    ///   naming the folder when the temporary file cannot be made.
    package convenience init(cache: ConformCache, path: String, sampleRate: SampleRate) throws(MediaIOError) {
        let key: ConformCacheKey
        do {
            key = try ConformCacheKey(path: path, sampleRate: sampleRate)
        } catch {
            throw .missingInput(path: path, reason: error.message)
        }
        try self.init(cache: cache, key: key)
    }

    /// Starts the entry of `key` in `cache`'s folder.
    ///
    /// - Throws: `cannotCreateOutput` naming the folder when the temporary file cannot be made.
    init(cache: ConformCache, key: ConformCacheKey) throws(MediaIOError) {
        do {
            try makeFolders(cache.folder)
        } catch {
            throw .cannotCreateOutput(path: cache.folder, reason: error.message)
        }
        temporary = cache.folder + "/" + ConformEntry.partialPrefix + key.entryName + ".\(currentProcessID()).\(UInt32.random(in: 0...UInt32.max))"
        do {
            file = try FileDescriptor.create(exclusively: temporary)
        } catch {
            throw .cannotCreateOutput(path: cache.folder, reason: error.message)
        }
        self.cache = cache
        self.key = key
        path = key.path
        sampleRate = key.sampleRate
        // The header's size does not depend on the frame count, which is written last.
        headerSize = ConformEntry.Header(sampleRate: sampleRate.hertz, frameCount: 0, key: key.text, sourcePath: path).size
    }

    deinit {
        try? file.close()
        if !state.withLock({ $0.done }) { unlinkFile(temporary) }
    }

    /// Whether the input may be written in pieces, each decoder seeking to its
    /// own (`AudioDecoder.seeksExactly`); else in one piece from the start. It
    /// opens a decoder to tell: ask only for an input long enough to be cut.
    package func seeksExactly() -> Bool {
        (try? AudioDecoder(path: path, sampleRate: sampleRate))?.seeksExactly ?? false
    }

    /// Decodes the frames from `start` (a multiple of `ConformEntry.chunkFrames`)
    /// into their place: up to `end`, or to the input's end when `end` is nil
    /// (the last piece, which finds the frame count).
    ///
    /// A piece after the first must start where ``seeksExactly()`` allows it.
    ///
    /// - Throws: `writeFailed` naming the folder when the file cannot be
    ///   written; the decoder's errors; `decodeFailed` when the input ends
    ///   before `end`; `cancelled` when `isCancelled` turns true.
    package func write(from start: Int64, to end: Int64?, isCancelled: () -> Bool = { false }) throws(MediaIOError) {
        let chunk = Int64(ConformEntry.chunkFrames)
        precondition(start >= 0 && start % chunk == 0 && (end.map { $0 > start && $0 % chunk == 0 } ?? true),
                     "a piece \(start)..<\(end.map(String.init) ?? "end") off the chunks")
        let decoder = try AudioDecoder(path: path, sampleRate: sampleRate)
        if start > 0 { try decoder.seek(toSample: start) }
        var buffer = AudioBuffer(capacity: ConformEntry.chunkFrames)
        var position = start
        while end.map({ position < $0 }) ?? true {
            if isCancelled() { throw .cancelled }
            let got = try decoder.read(into: buffer.mutableSlice(0..<ConformEntry.chunkFrames))
            guard got > 0 else { break }
            try write(chunk: buffer.slice(0..<got), at: position)
            position += Int64(got)
            // Only the input's last chunk may be short.
            if got < ConformEntry.chunkFrames {
                guard try decoder.read(into: buffer.mutableSlice(0..<ConformEntry.chunkFrames)) == 0 else {
                    throw .decodeFailed(path: path, reason: "its decoder gave a short read before its end")
                }
                break
            }
        }
        if let end {
            guard position == end else {
                throw .decodeFailed(path: path, reason: "its audio ended at frame \(position), before the \(end) its length promised")
            }
        } else {
            state.withLock { $0.frameCount = position }
        }
    }

    /// Writes `chunk`, a whole chunk of the entry or its last, at frame `position`
    /// (a multiple of `ConformEntry.chunkFrames`): its left channel, then its right.
    ///
    /// - Throws: `writeFailed` naming the folder.
    func write(chunk: AudioSlice, at position: Int64) throws(MediaIOError) {
        let offset = headerSize + position * 8
        for channel in 0..<2 {
            try write(chunk.channel(channel).baseAddress!, bytes: chunk.count * 4, at: offset + Int64(channel * chunk.count * 4))
        }
    }

    /// Finishes an entry written chunk by chunk (``write(chunk:at:)``) that holds `frameCount` frames, as ``finish()``.
    ///
    /// - Throws: `writeFailed` naming the folder when the file cannot be finished.
    func finish(frameCount: Int64) throws(MediaIOError) -> ConformEntry {
        state.withLock { $0.frameCount = frameCount }
        return try finish()
    }

    /// Writes the header, renames the entry into place, registers it for this
    /// process's renders (`ConformedAudio`) and evicts what no longer fits:
    /// once every piece is written, the last one (to the input's end) included.
    ///
    /// - Throws: `writeFailed` naming the folder when the file cannot be finished.
    @discardableResult
    package func finish() throws(MediaIOError) -> ConformEntry {
        guard let frameCount = state.withLock({ $0.frameCount }) else {
            preconditionFailure("an entry finished before its last piece was written")
        }
        let bytes = ConformEntry.Header(sampleRate: sampleRate.hertz, frameCount: frameCount, key: key.text, sourcePath: path).bytes
        let raw = UnsafeMutableRawBufferPointer.allocate(byteCount: bytes.count, alignment: 8)
        defer { raw.deallocate() }
        raw.copyBytes(from: bytes)
        try write(raw.baseAddress!, bytes: raw.count, at: 0)
        let name = cache.folder + "/" + key.entryName
        do {
            try renameFile(temporary, to: name)
        } catch {
            throw .writeFailed(path: cache.folder, reason: error.message)
        }
        state.withLock { $0.done = true }
        guard let entry = ConformEntry.open(name, key: key) else {
            throw .writeFailed(path: cache.folder, reason: "the entry written for \(MessageText.shown(path)) does not read back")
        }
        ConformedAudio.register(entry, for: key)
        cache.evict()
        return entry
    }

    private func write(_ bytes: UnsafeRawPointer, bytes count: Int, at offset: Int64) throws(MediaIOError) {
        do {
            try file.writeAll(bytes, count: count, at: offset)
        } catch {
            throw .writeFailed(path: cache.folder, reason: error.message)
        }
    }
}
