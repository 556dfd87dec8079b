import MixdownAudioMix
import MixdownComposition
import MixdownMediaIO
import MixdownPlan
import MixdownTime
import MixdownUnits

/// Cleans the dialogue items of a plan that ask for it (rumble, hum, noise:
/// `DialogueCleaning` in MixdownMediaIO), each into an entry of the conform
/// cache (or, without one, a temporary WAV file) at the session rate, and makes
/// their segments read it: the first measured pass, so that levelling, the
/// ducks and the delivery hear the cleaned voice.
///
/// An entry is keyed by the input and everything the cleanup depends on (the
/// chain, the frames, the pauses learned from), so a re-render after a change
/// of gain, fade or duck cleans nothing: it reads the entry. An entry that
/// cannot be written leaves that item to a temporary file, with one warning.
///
/// An item's noise is learned from its own pauses (the complement of its
/// phrases); an item in which no phrase was heard is left as recorded, with a
/// warning. Items are cleaned in parallel, one per thread; each is streamed, so
/// memory does not grow with its length. The files live as long as the plan
/// that reads them (any copy of it holds their ``CleanedDialogue``), and are
/// removed when it goes, or by a signal's handler.
public enum DialogueCleanupPass {
    /// `plan` with every dialogue item whose cleanup is pending cleaned, its
    /// segments reading the cleaned files; `plan` itself when none is.
    ///
    /// - Parameters:
    ///   - plan: a plan as planning made it.
    ///   - folder: where cleaned audio that is not cached is written (8 bytes a frame): the output's folder, say.
    ///   - cache: the conform cache the cleaned audio is kept in and found in; nil for none.
    ///   - threads: items cleaned at once, the calling thread's among them.
    ///   - isCancelled: polled every block of every item.
    /// - Throws: the cleaner's `MediaIOError`s (`cancelled` when `isCancelled` turns true);
    ///   `cannotCreateOutput` when `folder` cannot hold the files.
    public static func run(plan: MixPlan, folder: String, cache: ConformCache? = nil, threads: Int,
                           isCancelled: @escaping @Sendable () -> Bool = { false }) throws(MediaIOError) -> MixPlan {
        var jobs: [Job] = []
        var plan = plan
        for (t, track) in plan.audioTracks.enumerated() {
            for (k, item) in track.items.enumerated() {
                guard let dialogue = item.dialogue, dialogue.settings.cleanup.isActive, dialogue.cleanup == nil else { continue }
                // Without speech there is no pause to tell noise from what the item is
                // (ambience, music): it would all be learned as noise and taken down.
                guard !dialogue.phrases.isEmpty else {
                    plan.audioTracks[t].items[k].dialogue!.cleanup = DialogueProcessing.CleanupOutcome(cleaned: false, humFrequency: nil,
                                                                                                      noiseLevel: nil, denoised: false)
                    // Levelling's warning says it when the item is levelled too.
                    if dialogue.settings.level == .off { plan.warnings.append("\(item.name): no speech detected, left uncleaned") }
                    continue
                }
                jobs.append(try job(for: item, track: t, index: k, of: track, sampleRate: plan.sampleRate))
            }
        }
        guard !jobs.isEmpty else { return plan }
        let files = CleanedDialogue()
        var outputs: [AtomicOutputFile] = []
        for n in jobs.indices {
            outputs.append(try AtomicOutputFile(path: (folder.hasSuffix("/") ? folder : folder + "/") + "mixdown-dialogue-\(n).wav"))
        }
        files.outputs = outputs
        let paths = outputs.map(\.temporaryPath)
        let rate = plan.sampleRate
        let pending = jobs
        // The calling thread cleans too: `threads` threads in all.
        let pool = WorkerPool<Outcome>(threads: max(1, threads) - 1, jobs: jobs.count) { n, pool throws(MediaIOError) in
            try clean(pending[n], sampleRate: rate, cache: cache, otherwise: paths[n], isCancelled: { isCancelled() || pool.isStopped })
        }
        pool.joinAndWait()
        if let error = pool.firstError { throw error }
        var cleaned = plan
        cleaned.temporaryFiles.append(files)
        let outcomes = pool.remainingResults
        let failures = outcomes.compactMap(\.cacheFailure)
        if let reason = failures.first, let cache {
            cleaned.warnings.append("cache: cannot store the cleaned dialogue of \(failures.count) item\(failures.count == 1 ? "" : "s") in "
                + "\(MessageText.shown(cache.folder)) (\(reason)); cleaned into a temporary file instead")
        }
        for (job, outcome) in zip(jobs, outcomes) {
            let report = outcome.report
            let item = plan.audioTracks[job.track].items[job.item]
            do {
                let start = MediaTime(sampleIndex: job.frames.lowerBound, sampleRate: rate)
                // The segments' source times are exact and their frames rounded: the file
                // stands for all of the time they read (its last frame may be a rounding short).
                let length = max(MediaTime(sampleIndex: Int64(job.frames.count), sampleRate: rate), try job.sourceEnd - start)
                let asset = try Asset(path: outcome.path, duration: length)
                try cleaned.audioTracks[job.track].redirect(item, to: asset, offset: start)
                cleaned.originals[outcome.path] = (item.path, start)
            } catch {
                throw .unsupported(path: item.name, reason: "its cleaned audio does not fit its segments: \(error)")
            }
            cleaned.audioTracks[job.track].items[job.item].dialogue!.cleanup = DialogueProcessing.CleanupOutcome(
                cleaned: true, humFrequency: report.humFrequency, noiseLevel: report.noiseLevel, denoised: report.denoised)
            if let warning = report.warning { cleaned.warnings.append("\(item.name): \(warning)") }
        }
        return cleaned
    }

    /// Cleans `job` into the cache's entry of it (found, or written), or without a
    /// cache, or when the cache cannot take the entry, into a WAV at `otherwise`.
    static func clean(_ job: Job, sampleRate rate: SampleRate, cache: ConformCache?, otherwise path: String,
                      isCancelled: @escaping @Sendable () -> Bool) throws(MediaIOError) -> Outcome {
        let cleanup = job.settings.cleanup
        func prepare() throws(MediaIOError) -> DialogueCleaning.Preparation {
            try DialogueCleaning.prepare(path: job.path, frames: job.frames, sampleRate: rate, highpass: cleanup.highpass,
                                         dehum: cleanup.dehum, denoise: cleanup.denoise, pauses: job.pauses)
        }
        var cacheFailure: String?
        if let cache {
            let processing = DialogueCleaning.processing(frames: job.frames, highpass: cleanup.highpass, dehum: cleanup.dehum,
                                                         denoise: cleanup.denoise, pauses: job.pauses)
            // The report is a note beside the entry: a re-render neither cleans nor prepares.
            let reportNote = processing + "\nreport"
            func noted(_ report: CleanupReport) -> CleanupReport {
                cache.storeNote(report.noteBytes, path: job.path, sampleRate: rate, processing: reportNote)
                return report
            }
            if let entry = cache.lookUp(path: job.path, sampleRate: rate, processing: processing) {
                if let report = cache.note(path: job.path, sampleRate: rate, processing: reportNote).flatMap(CleanupReport.init(noteBytes:)) {
                    return Outcome(report: report, path: entry.entryPath)
                }
                return Outcome(report: noted(try prepare().report), path: entry.entryPath)
            }
            do throws(MediaIOError) {
                let preparation = try prepare()
                let stream = try ConformEntryStream(cache: cache, path: job.path, sampleRate: rate, processing: processing)
                try preparation.write(into: { (block) throws(MediaIOError) in try stream.write(block) }, isCancelled: isCancelled)
                return Outcome(report: noted(preparation.report), path: try stream.finish().entryPath)
            } catch .cannotCreateOutput(_, let reason), .writeFailed(_, let reason) {
                cacheFailure = reason
            }
        }
        let report = try DialogueCleaning.clean(path: job.path, frames: job.frames, sampleRate: rate, highpass: cleanup.highpass,
                                                dehum: cleanup.dehum, denoise: cleanup.denoise, pauses: job.pauses, to: path,
                                                isCancelled: isCancelled)
        return Outcome(report: report, path: path, cacheFailure: cacheFailure)
    }

    /// Where one item's cleaned audio went, and what cleaning it found.
    struct Outcome: Sendable {
        var report: CleanupReport
        /// The entry's path in the cache, or the plan's temporary file.
        var path: String
        /// Why the cache could not keep it, when it could not.
        var cacheFailure: String?
    }

    /// One item to clean: its file, the frames of it the plan reads, and its pauses among them.
    struct Job: Sendable {
        var track: Int
        var item: Int
        var path: String
        var settings: DialogueSettings
        var frames: Range<Int64>
        /// The latest source time its segments read.
        var sourceEnd: MediaTime
        var pauses: [Range<Int64>]
    }

    /// The job of `item` (number `index` of `track`, number `t` of the plan): the
    /// hull of its segments' sources, and its pauses (the complement of its
    /// phrases in its range) mapped into them, in frames at `sampleRate`.
    static func job(for item: MixItem, track t: Int, index: Int, of track: MixTrack, sampleRate: SampleRate) throws(MediaIOError) -> Job {
        var frames: Range<Int64>?
        var sourceEnd = MediaTime.zero
        var pauses: [Range<Int64>] = []
        do {
            for segment in track.segments(of: item) {
                let source = try segment.sourceRange.sampleRange(sampleRate: sampleRate)
                frames = frames.map { min($0.lowerBound, source.lowerBound)..<max($0.upperBound, source.upperBound) } ?? source
                sourceEnd = max(sourceEnd, segment.sourceRange.end)
                let shift = try segment.sourceRange.start.sampleIndex(sampleRate: sampleRate)
                    - segment.timelineRange.start.sampleIndex(sampleRate: sampleRate)
                let timeline = try segment.timelineRange.sampleRange(sampleRate: sampleRate)
                var cursor = timeline.lowerBound
                for phrase in item.dialogue?.phrases ?? [] {
                    let speech = try phrase.sampleRange(sampleRate: sampleRate).clamped(to: timeline)
                    if speech.lowerBound > cursor { pauses.append(cursor + shift..<speech.lowerBound + shift) }
                    cursor = max(cursor, speech.upperBound)
                }
                if timeline.upperBound > cursor { pauses.append(cursor + shift..<timeline.upperBound + shift) }
            }
        } catch {
            throw .unsupported(path: item.name, reason: error.description)
        }
        return Job(track: t, item: index, path: item.path, settings: item.dialogue!.settings, frames: frames ?? 0..<0,
                   sourceEnd: sourceEnd, pauses: pauses.filter { !$0.isEmpty })
    }
}

/// The cleaned audio of a plan's dialogue, in temporary files its segments read:
/// held by the plan, removed when the last copy of it goes.
public final class CleanedDialogue: @unchecked Sendable {
    // Written once, before the instance is shared; the files go with it.
    fileprivate var outputs: [AtomicOutputFile] = []

    /// The files, for messages.
    public var paths: [String] { outputs.map(\.temporaryPath) }
}
