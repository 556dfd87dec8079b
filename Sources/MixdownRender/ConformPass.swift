import Foundation
import MixdownComposition
import MixdownMediaIO
import MixdownPlan
import MixdownUnits

/// Makes a plan's inputs read from the conform cache: finds each input's entry,
/// and (for a render of the whole timeline) conforms the missing ones first,
/// so that the render and every pass before it read entries, never decoders.
///
/// Conforming decodes each missing input from its start to its end into an
/// entry (an input the plan reads less than a quarter of, `leastShareRead`, is
/// left to the decoder), the inputs in parallel on `threads` threads, the
/// longest first: a decode's time goes with the audio's length, not the
/// file's size (a clip's audio is a sliver of its bytes).
/// Then a render reads identical samples cold and warm: the entry's, which are a
/// decode from the start; seeking in an entry is exact (a decoder's seek differs
/// from it in AAC's noise bands), so renders cut into stretches read them too.
///
/// A range render (`--range`) conforms nothing: a 10 s range of a 1 h bed
/// should not decode the whole bed. It reads the entries that exist and
/// decodes the rest as without a cache.
public enum ConformPass {
    /// An input is conformed only when the plan reads at least 1/`leastShareRead`
    /// of it: a 30 s excerpt of a 1 h recording is read (seeking) rather than
    /// decoded whole into an entry.
    public static let leastShareRead = 4

    /// What a pass did.
    public struct Report: Sendable, Equatable {
        /// Inputs whose entry was found.
        public var found = 0
        /// Inputs conformed into new entries.
        public var stored = 0
        /// One line, when some entry could not be written (the inputs are then decoded as without a cache).
        public var warning: String?

        /// A report of `found` entries found and `stored` stored, with `warning`.
        public init(found: Int = 0, stored: Int = 0, warning: String? = nil) {
            self.found = found
            self.stored = stored
            self.warning = warning
        }
    }

    /// Registers the cache's entries of `plan`'s audio inputs for this process's
    /// renders, conforming the missing ones first when `conformingMissing`.
    ///
    /// - Throws: `cancelled` when `isCancelled` turns true. An input that cannot
    ///   be decoded is left to the render, which reports it; an entry that
    ///   cannot be written gives the report's warning.
    public static func run(plan: MixPlan, cache: ConformCache, threads: Int, conformingMissing: Bool,
                           isCancelled: @escaping @Sendable () -> Bool = { false }) throws(MediaIOError) -> Report {
        var inputs: [String] = []
        // Samples of each input the plan reads, against its length, at the session rate.
        var read: [String: (samples: Int64, length: Int64)] = [:]
        for track in plan.audioTracks {
            for segment in track.segments {
                let path = segment.asset.path
                if read[path] == nil { inputs.append(path) }
                let length = (try? segment.asset.duration.sampleIndex(sampleRate: plan.sampleRate)) ?? .max
                let used = (try? segment.sourceRange.duration.sampleIndex(sampleRate: plan.sampleRate)) ?? 0
                read[path, default: (0, length)].samples += used
            }
        }
        var report = Report()
        // Each missing input with its length in samples: the longest decode goes first.
        var missing: [(path: String, length: Int64)] = []
        cache.removeLeftovers()
        for path in inputs {
            // What an earlier render in this process found may be of another version of the file.
            ConformedAudio.forget(path: path, sampleRate: plan.sampleRate)
            if cache.lookUp(path: path, sampleRate: plan.sampleRate) != nil {
                report.found += 1
            } else if let use = read[path], use.samples >= use.length / Int64(leastShareRead) {
                missing.append((path, use.length))
            }
        }
        guard conformingMissing, !missing.isEmpty else { return report }
        let ordered = missing.sorted { ($0.length, $1.path) > ($1.length, $0.path) }.map(\.path)
        let rate = plan.sampleRate
        // The calling thread conforms too: `threads` threads in all, as `--threads` promises.
        let pool = WorkerPool<String?>(threads: max(1, threads) - 1, jobs: ordered.count) { job, pool throws(MediaIOError) in
            do throws(MediaIOError) {
                try cache.store(path: ordered[job], sampleRate: rate, isCancelled: { isCancelled() || pool.isStopped })
                return nil
            } catch .cancelled {
                throw .cancelled
            } catch .cannotCreateOutput(_, let reason), .writeFailed(_, let reason) {
                return reason
            } catch {
                // Left to the render, which decodes it and reports what is wrong.
                return ""
            }
        }
        pool.joinAndWait()
        if let error = pool.firstError { throw error }
        let results = pool.remainingResults
        report.stored = results.filter { $0 == nil }.count
        let failures = results.compactMap { $0 }.filter { !$0.isEmpty }
        if let reason = failures.first {
            report.warning = "cache: cannot store the conformed audio of \(failures.count) input\(failures.count == 1 ? "" : "s") in "
                + "\(MessageText.shown(cache.folder)) (\(reason)); decoding \(failures.count == 1 ? "it" : "them") instead"
        }
        return report
    }
}
