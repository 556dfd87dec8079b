import MixdownComposition
import MixdownTime

extension MixPlan {
    /// The plan with only the audio tracks that play one of `roles`: a stem of the
    /// mix (the music alone, the voice-over alone), for measuring it.
    ///
    /// Every other audio track is kept empty, with its id, and loses its envelope,
    /// pans and speech, so the renderer mixes nothing of it; the kept tracks play
    /// exactly as in the full mix (same segments, envelopes with their duck
    /// layers, pans), so a render of each stem sums to a render of the mix. The
    /// video, duration, rate, warnings and mastering are unchanged.
    ///
    /// - Throws: ``MixPlanError/composition(_:)`` only if a kept segment could not
    ///   be placed again, which a plan made by planning never has.
    public func keepingAudio(roles: Set<CompositionTrack.Role>) throws(MixPlanError) -> MixPlan {
        func kept(_ track: CompositionTrack) -> Bool { track.mediaType != .audio || roles.contains(track.role) }
        var stem = Composition()
        for track in composition.tracks {
            // Tracks are numbered in the order they are added, so ids carry over.
            let id = stem.addTrack(mediaType: track.mediaType, role: track.role)
            guard kept(track) else { continue }
            for segment in track.segments {
                do {
                    try stem.insert(segment.sourceRange, of: segment.asset, at: segment.timelineRange.start, trackID: id)
                } catch {
                    throw .composition(error)
                }
            }
        }
        let keptIDs = Set(composition.tracks.filter(kept).map(\.id))
        var plan = self
        plan.composition = stem
        plan.envelopes = envelopes.filter { keptIDs.contains($0.key) }
        plan.pans = pans.filter { keptIDs.contains($0.key) }
        plan.detectedSpeech = detectedSpeech.filter { keptIDs.contains($0.trackID) }
        return plan
    }

    /// Where a voice speaks on the timeline, for dialogue loudness: sorted, merged
    /// ranges inside `0..<duration`.
    ///
    /// A voice-over track counts where speech was found in its takes when they
    /// duck by their signal (``detectedSpeech``), else over every take's whole
    /// range (a take is recorded speech; its pauses are then counted too). The
    /// clips' audio counts only where speech was found in it (clips that duck by
    /// signal): camera audio is often room tone or action with no one talking, so
    /// a clip's whole range would be no measure of its dialogue. Empty when
    /// neither applies.
    ///
    /// - Throws: ``MixPlanError/composition(_:)`` when a range's end overflows.
    public func voiceRanges() throws(MixPlanError) -> [MediaTimeRange] {
        var ranges = detectedSpeech.flatMap(\.regions)
        let speechTracks = Set(detectedSpeech.map(\.trackID))
        for track in composition.tracks(role: .voiceover) where !speechTracks.contains(track.id) {
            ranges += track.segments.map(\.timelineRange)
        }
        let timeline: MediaTimeRange
        do { timeline = try MediaTimeRange(start: .zero, duration: duration) } catch { throw .composition(.time(error)) }
        var merged: [MediaTimeRange] = []
        for range in ranges.compactMap({ $0.intersection(timeline) }).sorted(by: { $0.start < $1.start }) {
            guard let last = merged.last, range.start <= last.end else {
                merged.append(range)
                continue
            }
            guard range.end > last.end else { continue }
            do { merged[merged.count - 1] = try MediaTimeRange(start: last.start, end: range.end) } catch { throw .composition(.time(error)) }
        }
        return merged
    }
}
