import MixdownTime

extension CaptionTrack {
    /// The track over `range`, moved to start at 0: each cue cut to the range,
    /// those outside it (or touching it only at an end) dropped.
    ///
    /// - Throws: `MediaTimeError` when a time overflows.
    public func excerpt(_ range: MediaTimeRange) throws(MediaTimeError) -> CaptionTrack {
        var cut = self
        cut.cues = []
        for cue in cues {
            guard let inside = cue.timeRange.intersection(range), !inside.isEmpty else { continue }
            var moved = cue
            moved.timeRange = try MediaTimeRange(start: try inside.start - range.start, duration: inside.duration)
            cut.cues.append(moved)
        }
        return cut
    }
}
