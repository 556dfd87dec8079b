internal import MixdownSystem
public import MixdownUnits

/// A folder of conformed audio: each input's decoded samples at a session rate,
/// stored by the first render that reads it, so that later renders of any
/// project using the same media read them instead of decoding (as Premiere
/// keeps `.cfa` files).
///
/// Entries (``ConformEntry``) are named by a hash of their key
/// (`ConformCacheKey`): the file's identity and content at both ends, the rate
/// and the decoder, so a changed file is a miss, never a stale hit. An entry is
/// written under a temporary name (`.partial.<entry>.<pid>.<random>`, created
/// exclusively) and renamed into place only when complete, so readers never see
/// half an entry and several processes may fill the cache at once: the last
/// rename wins, with the same samples. Temporary files of writers that died
/// (their process gone, or older than ``staleAge``) are removed by
/// ``removeLeftovers()``, and never read as entries.
///
/// The folder holds at most ``capacity`` bytes: after each entry is stored, the
/// least recently used entries (by modification time, which a hit renews) are
/// removed until the rest fit. An entry in use stays readable while it is open.
public final class ConformCache: Sendable {
    /// The folder.
    public let folder: String
    /// The most bytes of entries kept.
    public let capacity: CacheSize

    /// Seconds after which a temporary file is a leftover whatever its process.
    public static let staleAge: Int64 = 15 * 60

    /// The cache in `folder` (created on the first store), holding at most `capacity`.
    public init(folder: String, capacity: CacheSize = .standard) {
        self.folder = folder
        self.capacity = capacity
    }

    /// The folder a cache lives in when no `--cache-dir` says:
    /// `MIXDOWN_CACHE_DIR`, else `$XDG_CACHE_HOME/mixdown`, else
    /// `$HOME/.cache/mixdown`; nil when none of them is set.
    public static func defaultFolder(environment: [String: String]) -> String? {
        if let folder = environment["MIXDOWN_CACHE_DIR"], !folder.isEmpty { return folder }
        if let base = environment["XDG_CACHE_HOME"], base.hasPrefix("/") { return base + "/mixdown" }
        if let home = environment["HOME"], !home.isEmpty { return home + "/.cache/mixdown" }
        return nil
    }

    /// The entry holding `path`'s audio at `sampleRate` as the file is now,
    /// marked used; nil when there is none (or the file cannot be read).
    public func lookUp(path: String, sampleRate: SampleRate) -> ConformEntry? {
        guard let key = try? ConformCacheKey(path: path, sampleRate: sampleRate) else { return nil }
        return lookUp(key)
    }

    /// The entry of `key`, marked used and registered for this process's renders; nil when there is none.
    func lookUp(_ key: ConformCacheKey) -> ConformEntry? {
        guard let entry = ConformEntry.open(folder + "/" + key.entryName, key: key) else { return nil }
        entry.touch()
        ConformedAudio.register(entry, for: key)
        return entry
    }

    /// The entries in the folder, oldest use first.
    public func entries() -> [ConformCacheListing] {
        var listings: [ConformCacheListing] = []
        for name in directoryEntries(of: folder) where name.hasSuffix(ConformEntry.suffix) && !name.hasPrefix(".") {
            let path = folder + "/" + name
            guard let snapshot = try? FileSnapshot(path: path), snapshot.kind == .regular,
                  let file = try? FileDescriptor.open(readingFrom: path) else { continue }
            defer { try? file.close() }
            let header = ConformEntry.Header(reading: file)
            listings.append(ConformCacheListing(entryPath: path, sourcePath: header?.sourcePath, sampleRate: header?.sampleRate,
                                                frameCount: header?.channels == 2 ? header?.frameCount : nil,
                                                processing: header.flatMap { ConformCacheKey.processing(ofKeyText: $0.key) },
                                                bytes: snapshot.size, lastUsed: snapshot.modified))
        }
        return listings.sorted { ($0.lastUsed, $0.entryPath) < ($1.lastUsed, $1.entryPath) }
    }

    /// Bytes the entries take.
    public var totalSize: Int64 { entries().reduce(0) { $0 + $1.bytes } }

    /// Removes every entry and leftover temporary file (temporary files of
    /// writers still running are left to them); returns the entries removed.
    @discardableResult
    public func clear() -> Int {
        removeLeftovers()
        let all = entries()
        for entry in all { unlinkFile(entry.entryPath) }
        return all.count
    }

    /// Removes the least recently used entries until the rest fit ``capacity``.
    public func evict() {
        var all = entries()
        var total = all.reduce(0) { $0 + $1.bytes }
        while total > capacity.bytes, !all.isEmpty {
            let oldest = all.removeFirst()
            unlinkFile(oldest.entryPath)
            total -= oldest.bytes
        }
    }

    /// Removes the temporary files of writers that died: their process is gone,
    /// or they are older than ``staleAge``.
    public func removeLeftovers() {
        let now = wallClockNanoseconds()
        for name in directoryEntries(of: folder) where name.hasPrefix(ConformEntry.partialPrefix) {
            let path = folder + "/" + name
            let parts = name.split(separator: ".")
            // .partial.<entry name>.conform.<pid>.<random>
            let pid = parts.count >= 2 ? Int32(parts[parts.count - 2]) : nil
            let age = (try? FileSnapshot(path: path)).map { (now - $0.modified) / 1_000_000_000 } ?? 0
            if pid.map({ !processExists($0) }) ?? true || age > Self.staleAge { unlinkFile(path) }
        }
    }
}
