internal import MixdownSystem
public import MixdownUnits
internal import Synchronization

/// The conformed inputs of this process's renders: which cache entry holds the
/// audio of which file at which rate, so that every reader of an input's audio
/// at the session rate (the render's segments, the loudness passes, the level
/// scans) reads the entry instead of decoding, without each being handed it.
///
/// A conform pass registers what it found or stored (`ConformPass` in
/// MixdownRender); ``source(path:sampleRate:)`` is how a render opens an input.
/// An entry is used only while the file is still the version it was made
/// from (its `stat` snapshot), so a file changed after the pass is decoded.
public enum ConformedAudio {
    /// The audio of `path` at `sampleRate` from its start: the registered
    /// entry's when there is one for the file as it is now, else a decoder.
    ///
    /// - Throws: the decoder's errors (``AudioDecoder/init(path:sampleRate:streamIndex:)``).
    public static func source(path: String, sampleRate: SampleRate) throws(MediaIOError) -> any AudioSampleSource {
        if let entry = entry(for: path, sampleRate: sampleRate) { return ConformedAudioReader(entry: entry) }
        return try AudioDecoder(path: path, sampleRate: sampleRate)
    }

    /// The entry registered for `path` at `sampleRate`, if the file has not changed since.
    public static func entry(for path: String, sampleRate: SampleRate) -> ConformEntry? {
        guard let known = store.withLock({ $0[Name(path: path, rate: sampleRate.hertz)] }),
              known.snapshot == nil || (try? FileSnapshot(path: path)) == known.snapshot else { return nil }
        return known.entry
    }

    /// Whether `path` names processed audio in the cache (an entry's own file,
    /// registered by a pass that processed an input), which only the entry reads.
    public static func isProcessed(_ path: String, sampleRate: SampleRate) -> Bool {
        store.withLock { $0[Name(path: path, rate: sampleRate.hertz)] }.map { $0.snapshot == nil } ?? false
    }

    /// Has renders of `key.path` at its rate read `entry`; for a processed key
    /// (a cleaned take, say), renders of the entry's own path, for as long as the
    /// process runs: its descriptor stays open, whatever another process does to the file.
    static func register(_ entry: ConformEntry, for key: ConformCacheKey) {
        let name = Name(path: key.isProcessed ? entry.entryPath : key.path, rate: key.sampleRate.hertz)
        store.withLock { $0[name] = Registered(snapshot: key.isProcessed ? nil : key.snapshot, entry: entry) }
    }

    /// Forgets the entry of `path` at `sampleRate`, if any: its renders decode
    /// until another is registered.
    public static func forget(path: String, sampleRate: SampleRate) {
        _ = store.withLock { $0.removeValue(forKey: Name(path: path, rate: sampleRate.hertz)) }
    }

    /// Forgets every registered entry (closing those no reader holds): renders decode again.
    public static func forgetAll() {
        store.withLock { $0.removeAll() }
    }

    private struct Name: Hashable {
        var path: String
        var rate: Int32
    }

    private struct Registered {
        /// The version of the file the entry holds; nil for processed audio, read only through the entry.
        var snapshot: FileSnapshot?
        var entry: ConformEntry
    }

    private static let store = Mutex<[Name: Registered]>([:])
}
