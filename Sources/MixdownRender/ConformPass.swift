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
        // Processed audio (cleaned dialogue) is its entry's already.
        for path in inputs where !ConformedAudio.isProcessed(path, sampleRate: plan.sampleRate) {
            // What an earlier render in this process found may be of another version of the file.
            ConformedAudio.forget(path: path, sampleRate: plan.sampleRate)
            if cache.lookUp(path: path, sampleRate: plan.sampleRate) != nil {
                report.found += 1
            } else if let use = read[path], use.samples >= use.length / Int64(leastShareRead) {
                missing.append((path, use.length))
            }
        }
        guard conformingMissing, !missing.isEmpty else { return report }
        let rate = plan.sampleRate
        // One writer per input (an input that cannot be opened is left to the render).
        var writers: [ConformEntryWriter?] = []
        var outcomes: [String?] = []
        for (path, _) in missing {
            do throws(MediaIOError) {
                writers.append(try ConformEntryWriter(cache: cache, path: path, sampleRate: rate))
                outcomes.append(nil)
            } catch .cannotCreateOutput(_, let reason), .writeFailed(_, let reason) {
                writers.append(nil)
                outcomes.append(reason)
            } catch {
                writers.append(nil)
                outcomes.append("")
            }
        }
        let jobs = pieces(of: missing.map(\.length), writers: writers, threads: max(1, threads), sampleRate: rate)
        let ready = writers
        // The calling thread conforms too: `threads` threads in all, as `--threads` promises.
        let pool = WorkerPool<String?>(threads: max(1, threads) - 1, jobs: jobs.count) { job, pool throws(MediaIOError) in
            let piece = jobs[job]
            do throws(MediaIOError) {
                try ready[piece.input]!.write(from: piece.start, to: piece.end, isCancelled: { isCancelled() || pool.isStopped })
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
        for (piece, outcome) in zip(jobs, pool.remainingResults) where outcome != nil && outcomes[piece.input] == nil {
            outcomes[piece.input] = outcome
        }
        // An input whose pieces are all in is renamed into place; the others' writers remove their files.
        for (index, writer) in writers.enumerated() {
            guard let writer, outcomes[index] == nil else { continue }
            do throws(MediaIOError) {
                try writer.finish()
                report.stored += 1
            } catch .cannotCreateOutput(_, let reason), .writeFailed(_, let reason) {
                outcomes[index] = reason
            } catch {
                outcomes[index] = ""
            }
        }
        let failures = outcomes.compactMap { $0 }.filter { !$0.isEmpty }
        if let reason = failures.first {
            report.warning = "cache: cannot store the conformed audio of \(failures.count) input\(failures.count == 1 ? "" : "s") in "
                + "\(MessageText.shown(cache.folder)) (\(reason)); decoding \(failures.count == 1 ? "it" : "them") instead"
        }
        return report
    }

    /// A piece of one input's frames, conformed by one job: `start ..< end`, or
    /// from `start` to the input's end when `end` is nil.
    package struct Piece: Sendable, Equatable {
        package var input: Int
        package var start: Int64
        package var end: Int64?
    }

    /// The shortest piece an input is cut into, in seconds: a piece's decoder
    /// opens the file and seeks, with a pre-roll.
    static let shortestPieceSeconds: Int64 = 30

    /// The jobs of a pass: each input whose decoder seeks exactly and cheaply
    /// (`ConformEntryWriter.seeksExactly()`) cut into pieces of about the inputs'
    /// total length over `threads` (at least `shortestPieceSeconds`) on the
    /// entry's chunks, so that one long input keeps every thread busy; the
    /// others whole. The longest first.
    package static func pieces(of lengths: [Int64], writers: [ConformEntryWriter?], threads: Int, sampleRate: SampleRate) -> [Piece] {
        let chunk = Int64(ConformEntry.chunkFrames)
        let total = lengths.reduce(0) { $0 + min($1, Int64.max / 4) }
        let target = max(shortestPieceSeconds * Int64(sampleRate.hertz), (total + Int64(threads) - 1) / Int64(threads))
        var jobs: [(piece: Piece, length: Int64)] = []
        for (input, writer) in writers.enumerated() {
            guard let writer else { continue }
            let length = lengths[input]
            let share = length < Int64.max / 4 ? max(1, (length + target / 2) / target) : 1
            let count = share > 1 && writer.seeksExactly() ? share : 1
            var start: Int64 = 0
            for k in 1...count {
                let end = k == count ? nil : Optional(length * k / count / chunk * chunk)
                if let end, end <= start { continue }
                jobs.append((Piece(input: input, start: start, end: end), (end ?? length) - start))
                if let end { start = end }
            }
        }
        return jobs.sorted { ($0.length, $1.piece.input, $1.piece.start) > ($1.length, $0.piece.input, $0.piece.start) }.map(\.piece)
    }
}
