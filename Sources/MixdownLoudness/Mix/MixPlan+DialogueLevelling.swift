import MixdownAudioMix
import MixdownMediaIO
import MixdownPlan
import MixdownRender
import MixdownTime

// Dialogue levelling, a measured pass over a plan: each dialogue item rendered
// as recorded (cleaned, if asked, but before its volume, fades, automation and
// any duck), metered in 100 ms hops, and given one `dialogue` gain layer per
// track that matches it to the dialogue's target and, when adaptive, rides it
// (docs/audio-mix.md, "Dialogue levelling").

extension MixPlan {
    /// The plan with every dialogue item whose levelling is pending measured and
    /// levelled: a `dialogue` layer on each track that has one (unity outside
    /// the levelled items), and each item's ``DialogueProcessing/levelling``
    /// filled in. The plan itself when nothing is pending.
    ///
    /// Runs after cleanup (the item's segments read its cleaned audio) and before
    /// the ducks by loudness, which must hear the levelled voice.
    ///
    /// The items are rendered and metered side by side, one per thread (the
    /// metering, libebur128's filter, is most of the work and runs on the
    /// render's thread), each as a render on one thread is: bit for bit what any
    /// number of threads gives.
    ///
    /// - Throws: the renders' `MediaIOError`s (`cancelled` when `isCancelled` turns true).
    public func measuringDialogue(threads: Int = AudioRenderer.defaultThreadCount,
                                  isCancelled: @escaping @Sendable () -> Bool = { false }) throws(MediaIOError) -> MixPlan {
        let pending = audioTracks.indices.flatMap { t in
            audioTracks[t].items.indices.compactMap { k -> (track: Int, item: Int)? in
                guard let dialogue = audioTracks[t].items[k].dialogue, dialogue.settings.level != .off, dialogue.levelling == nil
                else { return nil }
                return (t, k)
            }
        }
        guard !pending.isEmpty else { return self }
        // Each track as recorded: no layers, no duck, no mastering, nothing left pending.
        var bare = self
        bare.mastering = nil
        for t in bare.audioTracks.indices {
            bare.audioTracks[t].layers = []
            bare.audioTracks[t].duck = nil
            bare.audioTracks[t].pendingDuck = nil
            for k in bare.audioTracks[t].items.indices { bare.audioTracks[t].items[k].dialogue = nil }
        }
        let jobs = pending.map { (t, k) in
            var alone = bare
            alone.audioTracks = [bare.audioTracks[t]]
            return (item: audioTracks[t].items[k], plan: alone)
        }
        // The calling thread measures too: `threads` threads in all.
        let pool = WorkerPool<DialogueHops>(threads: max(1, threads) - 1, jobs: jobs.count) { n, pool throws(MediaIOError) in
            try Self.hops(of: jobs[n].item, in: jobs[n].plan, threads: 1, isCancelled: { isCancelled() || pool.isStopped })
        }
        pool.joinAndWait()
        if let error = pool.firstError { throw error }
        let measurements = zip(pool.remainingResults, jobs).map { (hops: $0, settings: $1.item.dialogue!.settings) }
        let levellings: [DialogueLevelling]
        do { levellings = try DialogueLeveler.levellings(of: measurements) } catch {
            throw .unsupported(path: "dialogue levelling", reason: error.description)
        }
        var levelled = self
        for ((t, k), levelling) in zip(pending, levellings) {
            let item = audioTracks[t].items[k]
            if var warning = levelling.warning {
                // Cleanup left it alone for the same reason (DialogueCleanupPass): one line says both.
                if item.dialogue!.cleanup?.cleaned == false { warning += " and uncleaned" }
                levelled.warnings.append("\(item.name): \(warning)")
            }
            levelled.audioTracks[t].items[k].dialogue!.levelling = DialogueProcessing.LevellingOutcome(levelling)
        }
        for t in Set(pending.map(\.track)).sorted() {
            let mine = zip(pending, levellings).filter { $0.0.track == t }
            let layer: GainLayer
            do {
                layer = try DialogueLevelling.layer(for: mine.map(\.1))
            } catch {
                throw .unsupported(path: "dialogue levelling", reason: error.description)
            }
            levelled.audioTracks[t].layers.append(layer)
        }
        return levelled
    }

    /// `item` of the one track of `plan` rendered over its range and metered in hops.
    ///
    /// An item without speech is left unlevelled whatever its hops are; the leveler
    /// only asks whether it is silent, and its first audible window answers that. So
    /// it is metered over its first seconds, and on to its end only if they are
    /// silent: its hops end early, and the leveler reads the same from them.
    private static func hops(of item: MixItem, in plan: MixPlan, threads: Int,
                             isCancelled: () -> Bool) throws(MediaIOError) -> DialogueHops {
        let renderer = try AudioRenderer(plan: plan)
        let samples: Range<Int64>
        do {
            samples = try item.timeRange.sampleRange(sampleRate: plan.sampleRate).clamped(to: 0..<renderer.frameCount)
        } catch {
            throw .unsupported(path: item.name, reason: error.description)
        }
        let start = MediaTime(sampleIndex: samples.lowerBound, sampleRate: plan.sampleRate)
        let meter = try LoudnessHops(channels: 2, sampleRate: plan.sampleRate)
        let hasSpeech = !(item.dialogue?.phrases.isEmpty ?? true)
        let probe = hasSpeech ? samples.upperBound : min(samples.upperBound, samples.lowerBound + 2 * Int64(plan.sampleRate.hertz))
        for piece in [samples.lowerBound..<probe, probe..<samples.upperBound] where !piece.isEmpty {
            if !hasSpeech, meter.energies.contains(where: DialogueLeveler.isAudible) { break }
            _ = try renderer.render(range: piece, threads: threads, isCancelled: isCancelled) { block throws(MediaIOError) in
                try meter.add(block.audio)
            }
        }
        do {
            let metered = try MediaTimeRange(start: start, duration: MediaTime(sampleIndex: Int64(samples.count), sampleRate: plan.sampleRate))
            return try DialogueHops(timeRange: metered, hopDuration: meter.hopDuration, energies: meter.energies,
                                    speech: item.dialogue?.phrases ?? [])
        } catch {
            throw .unsupported(path: item.name, reason: "\(error)")
        }
    }
}

extension DialogueProcessing.LevellingOutcome {
    /// What `levelling` measured and chose, as the plan keeps it.
    init(_ levelling: DialogueLevelling) {
        let gains = levelling.keyframes.map(\.gain)
        self.init(speechLoudness: levelling.speechLoudness, target: levelling.target, matchingGain: levelling.matchingGain,
                  gainRange: (gains.min() ?? levelling.matchingGain)...(gains.max() ?? levelling.matchingGain))
    }
}
