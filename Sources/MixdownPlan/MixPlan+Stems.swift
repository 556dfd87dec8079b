import MixdownAudioMix
import MixdownComposition
import MixdownTime

extension MixPlan {
    /// The plan with only the audio tracks of `parts`: a stem of the mix (the
    /// music alone, the voice-over alone), for measuring it.
    ///
    /// The kept tracks play exactly as in the full mix (same segments, envelopes
    /// with their duck layers, pans), so a render of each stem sums to a render
    /// of the mix. The picture, duration, rate, warnings and mastering are unchanged.
    public func keepingAudio(of parts: Set<MixPart>) -> MixPlan {
        var stem = self
        stem.audioTracks = audioTracks.filter { parts.contains($0.part) }
        return stem
    }

    /// Where a voice speaks on the timeline, for dialogue loudness: sorted, merged
    /// ranges inside `0..<duration`.
    ///
    /// The takes count where speech was found in them when they duck by their
    /// signal (``MixItem/speech``), else over their whole ranges (a take is
    /// recorded speech; its pauses are then counted too). The clips' audio counts
    /// only where speech was found in it (clips that duck by signal): camera audio
    /// is often room tone or action with no one talking, so a clip's whole range
    /// would be no measure of its dialogue. Empty when neither applies.
    ///
    /// - Throws: ``MixPlanError/composition(_:)`` when a range's end overflows.
    public func voiceRanges() throws(MixPlanError) -> [MediaTimeRange] {
        var ranges: [MediaTimeRange] = []
        for track in audioTracks {
            let listened = track.items.compactMap(\.speech)
            if !listened.isEmpty {
                ranges += listened.joined()
            } else if track.part == .voiceovers {
                ranges += track.segments.map(\.timelineRange)
            }
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
