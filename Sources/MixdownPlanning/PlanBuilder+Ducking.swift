import MixdownAudioMix
import MixdownMediaIO
import MixdownProject
import MixdownTime

// The duck layer (from the takes' ranges or their speech), the music's
// automation, and the warning about takes that run past the end.

extension PlanBuilder {
    /// The music's duck layer, from the voice-over placements or from its signal.
    mutating func duckLayer(voiceTrack: Int?) throws(PlanningError) -> GainLayer? {
        let ducking = project.ducking
        guard ducking.mode != .off, voiceTrack != nil else { return nil }
        var regions: [DuckRegion] = []
        for item in project.voiceovers {
            let take = try shifted(try media.audioAsset(item.path).timeRange, to: try onSampleGrid(item.start))
            let spoken = ducking.mode == .signal ? try speech(in: item, placedAt: take) : [take]
            regions += spoken.map { DuckRegion(range: $0, depth: item.duckDepth, ducks: item.ducks) }
        }
        return try mixError { () throws(AudioMixError) in try ducking.settings.duckLayer(for: regions) }
    }

    /// Speech regions of a take on the timeline, found by `SpeechActivityDetector`.
    mutating func speech(in item: Project.Voiceover, placedAt take: MediaTimeRange) throws(PlanningError) -> [MediaTimeRange] {
        let rate = project.output.sampleRate.hertz
        var detector = try mixError { () throws(AudioMixError) in
            try SpeechActivityDetector(sampleRate: rate, threshold: project.ducking.threshold,
                                       maxPause: project.ducking.settings.maxPause)
        }
        try media.forEachMonoBlock(item.path, sampleRate: rate) { detector.process($0) }
        let found = detector.finish()
        var placed: [MediaTimeRange] = []
        for region in found {
            do { placed.append(try MediaTimeRange(start: try take.start + region.start, duration: region.duration)) } catch { throw .time(error) }
        }
        return placed
    }

    /// The music items' own volume ramps, as one automation layer.
    func automationLayer() throws(PlanningError) -> GainLayer? {
        let ramps = project.music.flatMap(\.automation)
        guard !ramps.isEmpty else { return nil }
        var parameters = AudioMixInputParameters(trackID: 0)
        for ramp in ramps.sorted(by: { $0.timeRange.start < $1.timeRange.start }) {
            do {
                try parameters.setVolumeRamp(from: ramp.startVolume, to: ramp.endVolume, timeRange: ramp.timeRange, curve: ramp.curve)
            } catch { throw .audioMix(error) }
        }
        return parameters.automationLayer
    }

    /// Voice-over that runs past the timeline's end, which the render cuts.
    func lateItems(end: MediaTime) -> [String] {
        project.voiceovers.enumerated().compactMap { i, item in
            guard let asset = media.known(item.path), let stop = try? item.start + asset.duration, stop > end else { return nil }
            return "voiceovers[\(i)]: \(item.path) runs to \(stop.clock), past the timeline's end \(end.clock); it is cut there"
        }
    }
}
