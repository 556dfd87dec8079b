package import MixdownDSP
internal import MixdownSystem
package import MixdownUnits

/// An entry written as its audio is made, in blocks of any length (cleaned
/// dialogue, or an input decoded for another reader): gathered into the entry's
/// chunks, then renamed into place whole by ``finish()`` and registered for
/// this process's renders.
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

    /// Starts the entry of `path`'s conformed audio at `sampleRate`: the file's
    /// decode from its start, what ``ConformCache/lookUp(path:sampleRate:)`` finds.
    ///
    /// - Throws: as ``init(cache:path:sampleRate:processing:)``.
    package init(cache: ConformCache, path: String, sampleRate: SampleRate) throws(MediaIOError) {
        writer = try ConformEntryWriter(cache: cache, path: path, sampleRate: sampleRate)
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
    /// this process's renders: processed audio under the entry's own path
    /// (``ConformEntry/entryPath``), an input's under the input's.
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
