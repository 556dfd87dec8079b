import MixdownTime

extension Composition {
    /// This composition with the segments of the tracks `ids` only: what one part of
    /// the mix (a stem) is rendered from. Every track is kept, in order and with its
    /// id (the others empty, which costs a render nothing), so envelopes and pans
    /// keyed by track id still apply.
    ///
    /// - Throws: what ``CompositionTrack/insert(_:of:at:)`` throws; the segments
    ///   already fit their tracks, so only a broken composition does.
    public func keepingSegments(ofTracks ids: Set<Int>) throws(CompositionError) -> Composition {
        var stem = Composition()
        for track in tracks {
            // Tracks are numbered in the order they are added, so ids carry over.
            let id = stem.addTrack(mediaType: track.mediaType, role: track.role)
            guard ids.contains(track.id) else { continue }
            for segment in track.segments {
                try stem.insert(segment.sourceRange, of: segment.asset, at: segment.timelineRange.start, trackID: id)
            }
        }
        return stem
    }
}
