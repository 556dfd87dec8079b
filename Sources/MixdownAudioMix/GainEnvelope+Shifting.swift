import MixdownTime

extension GainLayer {
    /// The same gain function moved `offset` later on the timeline (earlier when negative).
    public func shifted(by offset: MediaTime) throws(AudioMixError) -> GainLayer {
        var moved: [GainSegment] = []
        for segment in segments {
            var copy = segment
            do {
                copy.start = try segment.start + offset
                copy.end = try segment.end.map { end throws(MediaTimeError) in try end + offset }
            } catch {
                throw .time(error)
            }
            moved.append(copy)
        }
        return try GainLayer(kind: kind, segments: moved)
    }
}

extension GainEnvelope {
    /// The same envelope moved `offset` later on the timeline (earlier when negative):
    /// for an excerpt of a timeline that starts at `-offset`.
    public func shifted(by offset: MediaTime) throws(AudioMixError) -> GainEnvelope {
        var moved: [GainLayer] = []
        for layer in layers { moved.append(try layer.shifted(by: offset)) }
        return GainEnvelope(layers: moved)
    }
}
