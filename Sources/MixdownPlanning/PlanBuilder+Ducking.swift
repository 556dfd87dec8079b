import MixdownAnalysis
import MixdownAudioMix
import MixdownMediaIO
import MixdownPlan
import MixdownProject
import MixdownTime
internal import MixdownUnits

// What ducks under what: the duck regions of each source part (the takes' ranges,
// or the speech found in their signal and in the clips' audio), and one duck layer
// per target part from the regions of every other source.

extension PlanBuilder {
    /// Rate the speech detector hears the items at: its bands stop at 8 kHz, and at
    /// 16 kHz it runs three times faster than at 48 kHz with the same regions
    /// (docs/audio-mix.md, "Speech detection").
    static let speechAnalysisRate: Int32 = 16_000

    /// The duck layer of each target part that has a source other than itself.
    ///
    /// `envelopes` (every track's gain before ducking) and `duration` are what the
    /// parts are rendered with to duck by loudness.
    mutating func duckLayers(envelopes: [Int: GainEnvelope], duration: MediaTime) throws(PlanningError) -> [Project.Ducking.Part: GainLayer] {
        let ducking = project.ducking
        guard ducking.mode != .off else { return [:] }
        var regions: [Project.Ducking.Part: [DuckRegion]] = [:]
        for part in ducking.sources.sorted() where part != .music {
            for item in placed where item.part == part && item.ducks {
                regions[part, default: []] += try duckRegions(of: item)
            }
        }
        var layers: [Project.Ducking.Part: GainLayer] = [:]
        for target in ducking.targets.sorted() where placed.contains(where: { $0.part == target }) {
            let sources = ducking.sources.subtracting([target])
            guard !sources.isEmpty else {
                warnings.append("ducking: \(target.rawValue) is a target and the only source; a part never ducks under itself, so it does not duck")
                continue
            }
            guard placed.contains(where: { sources.contains($0.part) }) else { continue }
            var under = sources.sorted().flatMap { regions[$0] ?? [] }
            if ducking.mode == .loudness {
                under = try loudnessRegions(under, target: target, sources: sources, envelopes: envelopes, duration: duration)
            }
            layers[target] = try mixError { () throws(AudioMixError) in try ducking.settings.duckLayer(for: under) }
        }
        return layers
    }

    /// Where `item` makes the other parts duck: the whole take (`ranges`, and
    /// `loudness`, which measures over it), or the speech in its audio (the clips
    /// always, the takes with `signal`).
    mutating func duckRegions(of item: PlacedItem) throws(PlanningError) -> [DuckRegion] {
        guard let audio = item.audio else { return [] }
        let audible = try shifted(audio, to: item.range.start)
        if item.part == .voiceovers && project.ducking.mode != .signal {
            return [DuckRegion(range: audible, depth: item.duckDepth)]
        }
        let found = try speech(in: item, source: audio, placedAt: audible)
        detectedSpeech.append(DetectedSpeech(item: item.name, path: item.path, trackID: item.track, regions: found))
        return found.map { DuckRegion(range: $0, depth: item.duckDepth) }
    }

    /// The speech regions in `source` of `item`'s file, on the timeline where it plays.
    mutating func speech(in item: PlacedItem, source: MediaTimeRange, placedAt audible: MediaTimeRange) throws(PlanningError) -> [MediaTimeRange] {
        let rate = Self.speechAnalysisRate
        let detector = try mixError { () throws(AudioMixError) in
            try SpeechDetector(sampleRate: rate, threshold: project.ducking.threshold, maxPause: project.ducking.settings.maxPause)
        }
        let samples: Range<Int64>
        do { samples = try source.sampleRange(sampleRate: rate) } catch { throw .time(error) }
        try media.forEachMonoBlock(item.path, samples: samples, sampleRate: rate) { detector.process($0) }
        var placed: [MediaTimeRange] = []
        for region in detector.finish() {
            do {
                let moved = try MediaTimeRange(start: try audible.start + region.start, duration: region.duration)
                if let inside = moved.intersection(audible), !inside.isEmpty { placed.append(inside) }
            } catch { throw .time(error) }
        }
        return placed
    }

    /// Voice-over that runs past the timeline's end, which the render cuts.
    func lateItems(end: MediaTime) -> [String] {
        placed.filter { $0.part == .voiceovers && $0.range.end > end }.map { item in
            "\(item.name): \(MessageText.shown(item.path)) runs to \(item.range.end.readable), past the timeline's end \(end.readable); it is cut there"
        }
    }
}
