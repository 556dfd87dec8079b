import MixdownAudioMix
import MixdownComposition
import MixdownLoudness
import MixdownMediaIO
import MixdownPlan
import MixdownProject
import MixdownRender
import MixdownTime
internal import MixdownUnits

// Ducking by loudness: each duck's depth chosen from the loudness of the voice and
// of the ducked part inside it, measured on renders of the two parts as the mix
// plays them (volume, fades, automation, pan) but without any duck, so the depth
// answers what the listener would hear (docs/audio-mix.md, "Ducking by loudness").

extension PlanBuilder {
    /// `regions` bridged into the ducks they make, each with the depth that sets the
    /// loudness of `target` inside it `ducking.below` under that of `sources`.
    ///
    /// Depths are chosen per bridged group, not per region: a group is held at one
    /// gain, so its loudness, not its pieces', is what must sit under the voice.
    mutating func loudnessRegions(_ regions: [DuckRegion], target: Project.Ducking.Part, sources: Set<Project.Ducking.Part>,
                                  envelopes: [Int: GainEnvelope], duration: MediaTime) throws(PlanningError) -> [DuckRegion] {
        let ducking = project.ducking
        let groups = try mixError { () throws(AudioMixError) in try ducking.settings.bridged(regions) }
        guard !groups.isEmpty else { return [] }
        let targetTracks = tracks(of: [target])
        let voice = try stem(tracks: tracks(of: sources), envelopes: envelopes, duration: duration)
        let ducked = try stem(tracks: targetTracks, envelopes: envelopes, duration: duration)
        var chosen: [DuckRegion] = []
        for group in groups {
            let samples: Range<Int64>
            do { samples = try group.range.sampleRange(sampleRate: voice.sampleRate).clamped(to: 0..<voice.frameCount) } catch { throw .time(error) }
            let voiceLoudness = try loudness(of: voice, samples: samples)
            let targetLoudness = try loudness(of: ducked, samples: samples)
            let fixed = group.depth ?? ducking.settings.depth
            let depth = LoudnessDuck.depth(voice: voiceLoudness, target: targetLoudness, gap: ducking.below, fixed: fixed)
            if voiceLoudness == nil {
                warnings.append("ducking by loudness: the voice at \(group.range.start.readable)–\(group.range.end.readable) is too short "
                    + "(under 0.4s) or too quiet (under -70 LUFS) to measure; \(target.rawValue) ducks there by the fixed depth \(fixed)")
            }
            loudnessDucks.append(LoudnessDuck(target: target.rawValue, trackIDs: targetTracks.sorted(), range: group.range,
                                              voiceLoudness: voiceLoudness, targetLoudness: targetLoudness,
                                              gap: ducking.below, depth: depth))
            chosen.append(DuckRegion(range: group.range, depth: depth))
        }
        return chosen
    }

    /// The audio tracks of `parts`.
    func tracks(of parts: Set<Project.Ducking.Part>) -> Set<Int> {
        Set(placed.filter { parts.contains($0.part) }.map(\.track))
    }

    /// A renderer of `tracks` alone, with their envelopes and pans.
    func stem(tracks: Set<Int>, envelopes: [Int: GainEnvelope], duration: MediaTime) throws(PlanningError) -> AudioRenderer {
        let composition: Composition
        do { composition = try self.composition.keepingSegments(ofTracks: tracks) } catch { throw .composition(error) }
        do {
            return try AudioRenderer(composition: composition, envelopes: envelopes, pans: pans(), duration: duration,
                                     sampleRate: project.output.sampleRate.hertz)
        } catch { throw .time(error) }
    }

    /// Integrated loudness (gated, LUFS) of `samples` of what `renderer` plays; nil
    /// when nothing there passes the gates (silent, or under 400 ms).
    func loudness(of renderer: AudioRenderer, samples: Range<Int64>) throws(PlanningError) -> Double? {
        guard !samples.isEmpty else { return nil }
        do {
            let meter = try LoudnessMeter(channels: 2, sampleRate: renderer.sampleRate, measures: .integrated)
            _ = try renderer.render(range: samples) { block throws(MediaIOError) in
                try meter.add(left: block.left, right: block.right, count: block.count)
            }
            return meter.integrated
        } catch { throw .media(error) }
    }
}
