import MixdownTime

extension VideoComposition {
    /// Checks that the composition can be drawn over a timeline of `duration`
    /// whose video tracks are `trackIDs`, and names the first offending time.
    ///
    /// The instructions must tile `[0, duration)` in order, with no gap and no
    /// overlap; every layer must draw one of `trackIDs`, at most once per
    /// instruction; scales must be positive, a transform ramp keep its quarter
    /// turns, crop rectangles have positive sizes (opacities are in 0...1 by their
    /// type, `Opacity`); a custom transition's tracks must be among the
    /// instruction's layers.
    ///
    /// - Throws: ``VideoCompositionError`` for the first problem in timeline order.
    public func validate(duration: MediaTime, trackIDs: Set<Int>) throws(VideoCompositionError) {
        guard frameDuration > .zero else { throw .invalidFrameDuration(frameDuration) }
        guard duration > .zero else { return }
        guard !instructions.isEmpty else { throw .noInstructions }
        var cursor = MediaTime.zero
        for instruction in instructions {
            let range = instruction.timeRange
            if range.start > cursor { throw .gap(start: cursor, end: range.start) }
            if range.start < cursor { throw .overlap(start: range.start, previousEnd: cursor) }
            try Self.check(instruction, trackIDs: trackIDs)
            cursor = range.end
        }
        if cursor < duration { throw .gap(start: cursor, end: duration) }
        if cursor > duration { throw .endMismatch(end: cursor, duration: duration) }
    }

    private static func check(_ instruction: VideoCompositionInstruction, trackIDs: Set<Int>) throws(VideoCompositionError) {
        let at = instruction.timeRange.start
        guard !instruction.timeRange.isEmpty else { throw .invalidValue(at: at, reason: "the instruction is empty") }
        var drawn = Set<Int>()
        for layer in instruction.layerInstructions {
            guard trackIDs.contains(layer.trackID) else { throw .unknownTrack(trackID: layer.trackID, at: at) }
            guard drawn.insert(layer.trackID).inserted else {
                throw .invalidValue(at: at, reason: "track \(layer.trackID) is drawn by two layers")
            }
            for ramp in layer.transformRamps {
                let ends = [ramp.start, ramp.end]
                if ends.contains(where: { !($0.scaleX > 0 && $0.scaleY > 0) }) {
                    throw .invalidValue(at: ramp.timeRange.start, reason: "a transform of track \(layer.trackID) has a scale that is not positive")
                }
                if ramp.start.quarterTurns != ramp.end.quarterTurns {
                    throw .invalidValue(at: ramp.timeRange.start,
                                        reason: "a transform ramp of track \(layer.trackID) changes its quarter turns (\(ramp.start.quarterTurns) to \(ramp.end.quarterTurns)); turns cannot be ramped")
                }
            }
            for ramp in layer.cropRamps where [ramp.start, ramp.end].contains(where: { $0.width < 0 || $0.height < 0 }) {
                throw .invalidValue(at: ramp.timeRange.start, reason: "a crop rectangle of track \(layer.trackID) has a negative size")
            }
        }
        if let custom = instruction.customTransition, !drawn.isSuperset(of: [custom.fromTrackID, custom.toTrackID]) {
            throw .invalidValue(at: at, reason: "the \(custom.kind.rawValue) draws tracks that are not layers of its instruction")
        }
    }
}
