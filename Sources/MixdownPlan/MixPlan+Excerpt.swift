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
        return MixPlan(composition: cut, envelopes: moved, duration: range.duration, sampleRate: sampleRate,
                       video: video, warnings: warnings)
    }
}
