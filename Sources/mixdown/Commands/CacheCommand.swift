import ArgumentParser
import Foundation
import MixdownMediaIO
import MixdownUnits

/// `mixdown cache`: lists, measures and clears the conform cache.
struct CacheCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cache",
        abstract: "List, measure or clear the conform cache (each input's decoded audio, kept for later renders).",
        discussion: """
            The first render of a whole timeline stores each input's audio, decoded and resampled \
            to the session rate; later renders read it instead of decoding. A changed file is \
            decoded again. See docs/cache.md.

            Examples:
              mixdown cache list
              mixdown cache size --cache-size 2G
              mixdown cache clear --cache-dir /tmp/mixdown-cache
            """,
        subcommands: [List.self, Size.self, Clear.self])

    /// The folder every subcommand reads.
    struct Location: ParsableArguments {
        @Option(help: CacheOptions.folderHelp)
        var cacheDir: String?

        /// The cache, with `capacity`.
        func cache(capacity: CacheSize = .standard) throws -> ConformCache {
            guard let folder = cacheDir ?? ConformCache.defaultFolder(environment: ProcessInfo.processInfo.environment) else {
                throw ValidationError("no cache folder: give --cache-dir, or set MIXDOWN_CACHE_DIR, XDG_CACHE_HOME or HOME")
            }
            return ConformCache(folder: folder, capacity: capacity)
        }
    }

    /// `mixdown cache list`: one line per entry, the least recently used first.
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the entries: last use (UTC), size, rate, length and the input, least recently used first.")

        @OptionGroup var location: Location

        func run() throws {
            let cache = try location.cache()
            let entries = cache.entries()
            guard !entries.isEmpty else {
                try printOutput("no entries in \(MessageText.shown(cache.folder))")
                return
            }
            let format = ISO8601DateFormatter()
            for entry in entries {
                let used = format.string(from: Date(timeIntervalSince1970: Double(entry.lastUsed) / 1e9))
                let rate = entry.sampleRate.map { "\($0) Hz" } ?? "? Hz"
                // A note (the speech detector's findings) holds no audio.
                var length = entry.processing != nil && entry.sampleRate != nil ? "no audio" : "? s"
                if let frames = entry.frameCount, let hertz = entry.sampleRate {
                    length = String(format: "%.3f s", Double(frames) / Double(hertz))
                }
                let source: String = MessageText.shown(entry.sourcePath ?? "(unreadable entry \(entry.entryPath))")
                let size: String = CacheSize.shown(entry.bytes)
                let made = entry.processing.map { "  (\($0))" } ?? ""
                try printOutput("\(used)  \(size)  \(rate)  \(length)  \(source)\(made)")
            }
        }
    }

    /// `mixdown cache size`: what the entries take, and the cap.
    struct Size: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show the bytes the entries take and the cap.")

        @OptionGroup var location: Location

        @Option(parsing: .unconditional, help: ArgumentHelp("The cap to show, as renders take it. (default: \(CacheSize.standard))", valueName: "size"),
                transform: quantity(CacheSize.init(parsing:)))
        var cacheSize: CacheSize?

        func run() throws {
            let cache = try location.cache(capacity: cacheSize ?? .standard)
            let entries = cache.entries()
            let total = entries.reduce(Int64(0)) { $0 + $1.bytes }
            try printOutput("\(MessageText.shown(cache.folder)): \(CacheSize.shown(total)) (\(total) bytes) in \(entries.count) "
                            + "entr\(entries.count == 1 ? "y" : "ies"), cap \(cache.capacity)")
        }
    }

    /// `mixdown cache clear`: removes every entry.
    struct Clear: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Remove every entry (and the leftovers of interrupted renders).")

        @OptionGroup var location: Location

        func run() throws {
            let cache = try location.cache()
            let removed = cache.clear()
            try printOutput("removed \(removed) entr\(removed == 1 ? "y" : "ies") from \(MessageText.shown(cache.folder))")
        }
    }
}
