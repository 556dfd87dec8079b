package import MixdownDSP
internal import MixdownSystem
package import MixdownUnits

/// An entry of processed audio written as it is made, in blocks of any length
/// (cleaned dialogue, say): gathered into the entry's chunks, then renamed into
/// place whole by ``finish()`` and registered under the entry's own path.
///
/// Released unfinished (an error, a cancellation), it leaves nothing behind.
/// One writer, one thread.
package final class ConformEntryStream {
    private let writer: ConformEntryWriter
    private var chunk = AudioBuffer(capacity: ConformEntry.chunkFrames)
    private var filled = 0
    private var position: Int64 = 0

    /// Starts the entry of `path`'s audio at `sampleRate` made by `processing`
    /// (``ConformCache/lookUp(path:sampleRate:processing:)`` names it).
    ///
    /// - Throws: `missingInput` when `path` cannot be read; `cannotCreateOutput`
    ///   naming the cache's folder when the entry cannot be started.
    package init(cache: ConformCache, path: String, sampleRate: SampleRate, processing: String) throws(MediaIOError) {
        writer = try ConformEntryWriter(cache: cache, key: try ConformCache.key(path: path, sampleRate: sampleRate, processing: processing))
    }

    /// Appends `frames`.
    ///
    /// - Throws: `writeFailed` naming the cache's folder.
    package func write(_ frames: AudioSlice) throws(MediaIOError) {
        var done = 0
        while done < frames.count {
            let run = min(frames.count - done, ConformEntry.chunkFrames - filled)
            chunk.mutableSlice(filled..<filled + run).update(from: frames.slice(done..<done + run))
            filled += run
            done += run
            if filled == ConformEntry.chunkFrames { try flush() }
        }
    }

    /// Writes what is left, renames the entry into place and registers it for
    /// this process's renders under its own path (``ConformEntry/entryPath``).
    ///
    /// - Throws: `writeFailed` naming the cache's folder.
    package func finish() throws(MediaIOError) -> ConformEntry {
        if filled > 0 { try flush() }
        return try writer.finish(frameCount: position)
    }

    private func flush() throws(MediaIOError) {
        try writer.write(chunk: chunk.slice(0..<filled), at: position)
        position += Int64(filled)
        filled = 0
    }
}
