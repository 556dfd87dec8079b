import MixdownAudioMix
import MixdownMediaIO
import MixdownPlan
import MixdownRender
import MixdownTime

// Ducking by loudness, a measured pass over a plan: each duck's depth chosen from
// the loudness of the voice and of the ducked part inside it, measured on renders
// of the two parts as the mix plays them (volume, fades, automation, pan) but
// without any duck, so the depth answers what the listener would hear
// (docs/audio-mix.md, "Ducking by loudness").

extension MixPlan {
    /// The plan with every duck planning left to be measured (``MixTrack/pendingDuck``)
    /// measured and set: each region's depth sets the ducked part's loudness inside
    /// it the request's gap under that of its sources; the readings are kept on
    /// the ducked tracks (``MixTrack/loudnessDucks``). The plan itself when nothing
    /// is pending.
    ///
    /// Depths are chosen per bridged region, not per voice: a region is held at one
    /// gain, so its loudness, not its pieces', is what must sit under the voice.
    /// A voice too short or quiet to measure keeps the fixed depth, with a warning.
    ///
    /// - Throws: the renders' `MediaIOError`s (`cancelled` when `isCancelled` turns true).
    public func measuringLoudnessDucks(threads: Int = AudioRenderer.defaultThreadCount,
                                       isCancelled: () -> Bool = { false }) throws(MediaIOError) -> MixPlan {
        guard audioTracks.contains(where: { $0.pendingDuck != nil }) else { return self }
        // Every part as it plays before any duck, with no mastering.
        var unducked = self
        unducked.mastering = nil
        for t in unducked.audioTracks.indices {
            unducked.audioTracks[t].duck = nil
            unducked.audioTracks[t].pendingDuck = nil
        }
        var measured = self
        for part in MixPart.allCases.sorted() {
            let targets = audioTracks.indices.filter { audioTracks[$0].part == part && audioTracks[$0].pendingDuck != nil }
            guard let request = targets.first.flatMap({ audioTracks[$0].pendingDuck }) else { continue }
            let voice = try AudioRenderer(plan: unducked.keepingAudio(of: request.sources))
            let ducked = try AudioRenderer(plan: unducked.keepingAudio(of: [part]))
            var chosen: [DuckRegion] = []
            var ducks: [LoudnessDuck] = []
            for region in request.regions {
                let samples: Range<Int64>
                do { samples = try region.range.sampleRange(sampleRate: sampleRate).clamped(to: 0..<voice.frameCount) } catch {
                    throw .unsupported(path: "ducking", reason: error.description)
                }
                let voiceLoudness = try Self.loudness(of: voice, samples: samples, threads: threads, isCancelled: isCancelled)
                let targetLoudness = try Self.loudness(of: ducked, samples: samples, threads: threads, isCancelled: isCancelled)
                let fixed = region.depth ?? request.settings.depth
                let depth = LoudnessDuck.depth(voice: voiceLoudness, target: targetLoudness, gap: request.gap, fixed: fixed)
                if voiceLoudness == nil {
                    measured.warnings.append("ducking by loudness: the voice at \(region.range.start.readable)–\(region.range.end.readable) is too short "
                        + "(under 0.4s) or too quiet (under -70 LUFS) to measure; \(part.rawValue) ducks there by the fixed depth \(fixed)")
                }
                ducks.append(LoudnessDuck(range: region.range, voiceLoudness: voiceLoudness, targetLoudness: targetLoudness,
                                          gap: request.gap, depth: depth))
                chosen.append(DuckRegion(range: region.range, depth: depth))
            }
            let layer: GainLayer
            do { layer = try request.settings.duckLayer(for: chosen) } catch { throw .unsupported(path: "ducking", reason: error.description) }
            for t in targets {
                measured.audioTracks[t].duck = layer
                measured.audioTracks[t].loudnessDucks = ducks
                measured.audioTracks[t].pendingDuck = nil
            }
        }
        return measured
    }

    /// Integrated loudness (gated, LUFS) of `samples` of what `renderer` plays; nil
    /// when nothing there passes the gates (silent, or under 400 ms).
    private static func loudness(of renderer: AudioRenderer, samples: Range<Int64>, threads: Int,
                                 isCancelled: () -> Bool) throws(MediaIOError) -> Double? {
        guard !samples.isEmpty else { return nil }
        let meter = try LoudnessMeter(channels: 2, sampleRate: renderer.sampleRate, measures: .integrated)
        _ = try renderer.render(range: samples, threads: threads, isCancelled: isCancelled) { block throws(MediaIOError) in
            try meter.add(block.audio)
        }
        return meter.integrated
    }
}
