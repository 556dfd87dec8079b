import MixdownTime

extension Composition {
    /// The part of the timeline inside `range`, as a composition of its own that
    /// starts at `range.start`: segments cut at the range's ends, source ranges
    /// trimmed to match. Every track is kept, in order and with its id (even when
    /// nothing of it is left), so envelopes keyed by track id still apply.
    public func excerpt(_ range: MediaTimeRange) throws(CompositionError) -> Composition {
        var excerpt = Composition()
        for track in tracks {
            // Tracks are numbered in the order they are added, so ids carry over.
            let id = excerpt.addTrack(mediaType: track.mediaType, role: track.role)
            for segment in track.segments {
                guard let part = segment.timelineRange.intersection(range) else { continue }
                let source: MediaTimeRange, start: MediaTime
                do {
                    source = try MediaTimeRange(start: try segment.sourceRange.start + (part.start - segment.timelineRange.start),
                                                duration: part.duration)
                    start = try part.start - range.start
                } catch {
                    throw .time(error)
                }
                try excerpt.insert(source, of: segment.asset, at: start, trackID: id)
            }
        }
        return excerpt
    }
}
