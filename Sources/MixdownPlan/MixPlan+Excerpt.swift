import MixdownAudioMix
import MixdownComposition
import MixdownTime

extension MixPlan {
    /// The plan of `range` of this timeline as a timeline of its own, starting at 0:
    /// the composition cut to the range and every envelope moved with it, so the
    /// excerpt's sample n is this plan's sample n + round(start × rate) when the
    /// range starts on the sample grid. `video` is the excerpt's own video track.
    ///
    /// - Throws: ``MixPlanError`` when the range's times overflow.
    public func excerpt(_ range: MediaTimeRange, video: VideoStitchPlan?) throws(MixPlanError) -> MixPlan {
        let shift: MediaTime
        do { shift = try MediaTime.zero - range.start } catch { throw .composition(.time(error)) }
        var moved: [Int: GainEnvelope] = [:]
        for (track, envelope) in envelopes {
            do { moved[track] = try envelope.shifted(by: shift) } catch { throw .envelope(error) }
        }
        let cut: Composition
        do { cut = try composition.excerpt(range) } catch { throw .composition(error) }
        var pans: [Int: [PanSpan]] = [:]
        for (track, spans) in self.pans {
            for span in spans {
                if let inside = try Self.moved(span.range, into: range) { pans[track, default: []].append(PanSpan(range: inside, pan: span.pan)) }
            }
        }
        var speech = detectedSpeech
        for i in speech.indices {
            var regions: [MediaTimeRange] = []
            for region in speech[i].regions {
                if let inside = try Self.moved(region, into: range) { regions.append(inside) }
            }
            speech[i].regions = regions
        }
        var ducks: [LoudnessDuck] = []
        for duck in loudnessDucks {
            guard let inside = try Self.moved(duck.range, into: range) else { continue }
            var moved = duck
            moved.range = inside
            ducks.append(moved)
        }
        return MixPlan(composition: cut, envelopes: moved, pans: pans, detectedSpeech: speech, loudnessDucks: ducks,
                       duration: range.duration, sampleRate: sampleRate, video: video, warnings: warnings,
                       mastering: mastering)
    }

    /// The part of `range` inside `window`, in the window's time (its start at 0); nil if none.
    private static func moved(_ range: MediaTimeRange, into window: MediaTimeRange) throws(MixPlanError) -> MediaTimeRange? {
        guard let inside = range.intersection(window), !inside.isEmpty else { return nil }
        do {
            return try MediaTimeRange(start: try inside.start - window.start, duration: inside.duration)
        } catch { throw .composition(.time(error)) }
    }
}
