import MixdownTime

extension VideoTimeline {
    /// The layout of `range` as a timeline of its own that starts at
    /// `range.start`: the clips over it, cut at its ends (each clip's source
    /// range trimmed to match; placements keep their clip index; gaps cut likewise), the
    /// transitions over it, moved whole, and the composition drawing them
    /// (``VideoComposition/excerpt(_:)``).
    ///
    /// - Throws: ``VideoCompositionError`` when a time overflows or the range is
    ///   outside the timeline.
    public func excerpt(_ range: MediaTimeRange) throws(VideoCompositionError) -> VideoTimeline {
        guard let range = try? MediaTimeRange(start: .zero, end: duration).intersection(range) else {
            throw .invalidValue(at: range.start, reason: "the range \(range.readable) is outside the timeline, which lasts \(duration.readable)")
        }
        do {
            let offset = try MediaTime.zero - range.start
            var placements: [Placement] = []
            for place in self.placements {
                guard let inside = place.timeRange.intersection(range) else { continue }
                let source = try MediaTimeRange(start: try place.sourceRange.start + (inside.start - place.timeRange.start),
                                                duration: inside.duration)
                placements.append(Placement(index: place.index, entryIndex: place.entryIndex, trackID: place.trackID, timeRange: try inside.shifted(by: offset),
                                            sourceRange: source))
            }
            var gaps: [PlacedGap] = []
            for gap in self.gaps {
                guard let inside = gap.timeRange.intersection(range), !inside.isEmpty else { continue }
                gaps.append(PlacedGap(index: gap.index, timeRange: try inside.shifted(by: offset)))
            }
            // Transitions stay whole, moved: their lengths and clamps are the timeline's.
            let transitions = try self.transitions.filter { $0.timeRange.overlaps(range) }.map { transition throws(MediaTimeError) in
                PlacedTransition(index: transition.index, kind: transition.kind, requested: transition.requested,
                                 timeRange: try transition.timeRange.shifted(by: offset))
            }
            return VideoTimeline(placements: placements, gaps: gaps, transitions: transitions,
                                 videoComposition: try videoComposition.excerpt(range), duration: range.duration)
        } catch {
            throw .invalidValue(at: range.start, reason: "time arithmetic overflows: \(error)")
        }
    }
}
