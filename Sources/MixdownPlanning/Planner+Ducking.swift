import MixdownAnalysis
import MixdownAudioMix
import MixdownPlan
import MixdownProject
import MixdownTime
internal import MixdownUnits

// What ducks under what: the duck regions of each source part (the takes' ranges,
// or the speech found in their signal and in the clips' audio), and one duck layer
// per target part from the regions of every other source.

extension Planner {
    /// `tracks` with their ducks: each target part's tracks get a duck layer from
    /// the regions of every other source part (the takes' ranges, or the speech
    /// found in their signal and in the clips' audio, kept on the items), or, when
    /// ducking by loudness, the request a loudness pass measures to choose each
    /// duck's depth.
    mutating func duck(_ tracks: [PlacedTrack]) throws(PlanningError) -> (tracks: [PlacedTrack], warnings: [String]) {
        let ducking = project.ducking
        guard ducking.mode != .off else { return (tracks, []) }
        var done = tracks
        var regions: [MixPart: [DuckRegion]] = [:]
        for part in ducking.sources.sorted() where part != .music {
            for t in done.indices where done[t].track.part == part {
                for k in done[t].items.indices where done[t].items[k].ducks {
                    let found = try duckRegions(of: done[t].items[k])
                    regions[part, default: []] += found.regions
                    // The plan's items are the placed ones, in the same order (`gainLayers(of:)`).
                    if let speech = found.speech { done[t].track.items[k].speech = speech }
                }
            }
        }
        let parts = Set(done.filter { !$0.items.isEmpty }.map(\.track.part))
        var warnings: [String] = []
        for target in ducking.targets.sorted() where parts.contains(target) {
            let sources = ducking.sources.subtracting([target])
            guard !sources.isEmpty else {
                warnings.append("ducking: \(target.rawValue) is a target and the only source; a part never ducks under itself, so it does not duck")
                continue
            }
            guard !parts.isDisjoint(with: sources) else { continue }
            let under = sources.sorted().flatMap { regions[$0] ?? [] }
            for t in done.indices where done[t].track.part == target && !done[t].items.isEmpty {
                if ducking.mode == .loudness {
                    let groups = try mixError { () throws(AudioMixError) in try ducking.settings.bridged(under) }
                    done[t].track.pendingDuck = LoudnessDuckRequest(sources: sources, regions: groups, gap: ducking.below,
                                                                    settings: ducking.settings)
                } else {
                    done[t].track.duck = try mixError { () throws(AudioMixError) in try ducking.settings.duckLayer(for: under) }
                }
            }
        }
        return (done, warnings)
    }

    /// Where `item` makes the other parts duck: the whole take (`ranges`, and
    /// `loudness`, which measures over it), or the speech in its audio (the clips
    /// always, the takes with `signal`), which is returned too.
    mutating func duckRegions(of item: PlacedItem) throws(PlanningError) -> (regions: [DuckRegion], speech: [MediaTimeRange]?) {
        guard let audio = item.audio else { return ([], nil) }
        let audible = try shifted(audio, to: item.range.start)
        if item.part == .voiceovers && project.ducking.mode != .signal {
            return ([DuckRegion(range: audible, depth: item.duckDepth)], nil)
        }
        let found = try speech(in: item, source: audio, placedAt: audible)
        return (found.map { DuckRegion(range: $0, depth: item.duckDepth) }, found)
    }

    /// The speech regions in `source` of `item`'s file, on the timeline where it
    /// plays; a dialogue item's phrases are heard in the same pass and kept for
    /// ``listenToDialogue(_:)``.
    mutating func speech(in item: PlacedItem, source: MediaTimeRange, placedAt audible: MediaTimeRange) throws(PlanningError) -> [MediaTimeRange] {
        let heard = try listen(to: item, source: source, placedAt: audible, phrases: dialogueSettings(of: item) != nil)
        if let phrases = heard.phrases { heardPhrases[item.name] = phrases }
        return heard.speech
    }

    /// The speech in `source` of `item`'s file placed at `audible`: the duck's
    /// regions, and with `phrases` the same speech bridged over short pauses only
    /// (`DialogueProcessing.phrasePause`), from one decode.
    mutating func listen(to item: PlacedItem, source: MediaTimeRange, placedAt audible: MediaTimeRange,
                         phrases: Bool) throws(PlanningError) -> (speech: [MediaTimeRange], phrases: [MediaTimeRange]?) {
        try heard(listening(to: item, source: source, phrases: phrases).hear(cache: cache), placedAt: audible)
    }

    /// How to listen to `source` of `item`'s file: with the duck's settings, and for its phrases when `phrases`.
    func listening(to item: PlacedItem, source: MediaTimeRange, phrases: Bool) throws(PlanningError) -> SpeechListening {
        let samples: Range<Int64>
        do { samples = try source.sampleRange(sampleRate: SpeechListening.rate) } catch { throw .time(error) }
        return SpeechListening(path: item.path, samples: samples, threshold: project.ducking.threshold,
                               maxPause: project.ducking.settings.maxPause, phrasePause: phrases ? DialogueProcessing.phrasePause : nil,
                               sessionRate: project.output.sampleRate)
    }

    /// What `note` found in a source that plays at `audible`, on the timeline: the speech, and the phrases if heard.
    func heard(_ note: SpeechNote, placedAt audible: MediaTimeRange) throws(PlanningError)
    -> (speech: [MediaTimeRange], phrases: [MediaTimeRange]?) {
        let rate = SpeechListening.rate
        let speech = try placed(note.speech(sampleRate: rate), at: audible)
        return (speech, try note.phrases(sampleRate: rate).map { phrases throws(PlanningError) in try placed(phrases, at: audible) })
    }

    /// `regions` of a source that plays from `audible.start`, on the timeline, cut to `audible`.
    private func placed(_ regions: [MediaTimeRange], at audible: MediaTimeRange) throws(PlanningError) -> [MediaTimeRange] {
        var placed: [MediaTimeRange] = []
        for region in regions {
            do {
                let moved = try MediaTimeRange(start: try audible.start + region.start, duration: region.duration)
                if let inside = moved.intersection(audible), !inside.isEmpty { placed.append(inside) }
            } catch { throw .time(error) }
        }
        return placed
    }

    /// Voice-over that runs past the timeline's end, which the render cuts.
    func lateItems(_ tracks: [PlacedTrack], end: MediaTime) -> [String] {
        tracks.flatMap(\.items).filter { $0.part == .voiceovers && $0.range.end > end }.map { item in
            "\(item.name): \(MessageText.shown(item.path)) runs to \(item.range.end.readable), past the timeline's end \(end.readable); it is cut there"
        }
    }
}
