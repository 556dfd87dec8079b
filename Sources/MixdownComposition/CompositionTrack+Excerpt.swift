import MixdownTime

extension CompositionTrack {
    /// The part of the track inside `range`, as a track of its own that starts at
    /// `range.start`: segments cut at the range's ends, source ranges trimmed to match.
    ///
    /// - Throws: ``CompositionError/time(_:)`` when a time overflows.
    public func excerpt(_ range: MediaTimeRange) throws(CompositionError) -> CompositionTrack {
        var excerpt = CompositionTrack()
        for segment in segments {
            guard let part = segment.timelineRange.intersection(range) else { continue }
            let source: MediaTimeRange, start: MediaTime
            do {
                source = try MediaTimeRange(start: try segment.sourceRange.start + (part.start - segment.timelineRange.start),
                                            duration: part.duration)
                start = try part.start - range.start
            } catch {
                throw .time(error)
            }
            try excerpt.insert(source, of: segment.asset, at: start)
        }
        return excerpt
    }
}
