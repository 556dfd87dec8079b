internal import MixdownSystem
public import MixdownUnits

extension ConformCache {
    /// The entry of audio made from `path`'s conformed audio at `sampleRate` by
    /// `processing`, marked used and registered under its own path
    /// (``ConformEntry/entryPath``, which renders then read); nil when there is
    /// none, or `path` cannot be read.
    ///
    /// `processing` names everything the result depends on beside the input's
    /// samples (the settings, the code's version): two texts that differ name
    /// two entries. `ConformEntryStream` writes the entry a miss calls for.
    public func lookUp(path: String, sampleRate: SampleRate, processing: String) -> ConformEntry? {
        guard let key = try? Self.key(path: path, sampleRate: sampleRate, processing: processing) else { return nil }
        return lookUp(key)
    }

    /// The key of `path`'s audio at `sampleRate` made by `processing`.
    ///
    /// - Throws: `missingInput` when `path` cannot be read.
    static func key(path: String, sampleRate: SampleRate, processing: String) throws(MediaIOError) -> ConformCacheKey {
        do {
            return ConformCacheKey(try ConformCacheKey(path: path, sampleRate: sampleRate), processedBy: processing)
        } catch {
            throw .missingInput(path: path, reason: error.message)
        }
    }
}
