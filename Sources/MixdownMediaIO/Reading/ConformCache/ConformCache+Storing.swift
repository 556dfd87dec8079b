public import MixdownUnits

extension ConformCache {
    /// Decodes `path` at `sampleRate` from start to end into a new entry, and
    /// registers it for this process's renders (``ConformedAudio``); then
    /// evicts what no longer fits.
    ///
    /// - Throws: `cannotCreateOutput` or `writeFailed` naming the cache folder
    ///   when the entry cannot be written (a full disk, a folder that cannot be
    ///   written): nothing is left behind, and the input is decoded by the
    ///   render as without a cache; the decoder's errors for a file that cannot
    ///   be decoded; `cancelled` when `isCancelled` turns true.
    @discardableResult
    public func store(path: String, sampleRate: SampleRate, isCancelled: () -> Bool = { false }) throws(MediaIOError) -> ConformEntry {
        let writer = try ConformEntryWriter(cache: self, path: path, sampleRate: sampleRate)
        try writer.write(from: 0, to: nil, isCancelled: isCancelled)
        return try writer.finish()
    }
}
