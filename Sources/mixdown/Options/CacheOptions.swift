import ArgumentParser
import Foundation
import MixdownMediaIO
import MixdownPlan
import MixdownRender
import MixdownUnits

/// Where the conform cache lives and whether a render uses it (`mix`, `export`, `loudness`, `inspect`).
struct CacheOptions: ParsableArguments {
    /// `--cache-dir`'s help, here and in `mixdown cache`.
    static let folderHelp = ArgumentHelp("The conform cache's folder. (default: $MIXDOWN_CACHE_DIR, else $XDG_CACHE_HOME/mixdown, else ~/.cache/mixdown)",
                                         valueName: "path")

    @Option(help: folderHelp)
    var cacheDir: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("The most the conform cache keeps, e.g. 500M or 4G; the least recently used entries go first. (default: \(CacheSize.standard))",
                                                         valueName: "size"),
            transform: quantity(CacheSize.init(parsing:)))
    var cacheSize: CacheSize?

    @Flag(help: "Decode every input, neither reading nor filling the conform cache.")
    var noCache = false

    /// The cache these options name; nil with `--no-cache` or when no folder can be found.
    var cache: ConformCache? {
        guard !noCache, let folder = cacheDir ?? ConformCache.defaultFolder(environment: ProcessInfo.processInfo.environment) else {
            return nil
        }
        return ConformCache(folder: folder, capacity: cacheSize ?? .standard)
    }

    /// Makes `plan`'s renders read the cache: the entries found, and for a
    /// render of the whole timeline (`whole`) the missing inputs conformed
    /// first on `threads` threads; a failed store is one warning, and the
    /// render decodes those inputs.
    func prepare(_ plan: MixPlan, threads: Int, whole: Bool, console: Console) throws {
        guard let cache else { return }
        let report = try ConformPass.run(plan: plan, cache: cache, threads: threads, conformingMissing: whole,
                                         isCancelled: { Interrupt.isRequested() })
        if let warning = report.warning { console.warn(warning) }
    }
}
