import MixdownTime

extension VideoComposition {
    /// The composition of `range` as a composition of its own that starts at
    /// `range.start`: the instructions over it, cut at its ends, with every
    /// setting and custom transition moved with them, and the overlays over it,
    /// moved whole (their animations and an animated image's frames keep their
    /// times), so each frame is drawn as this composition draws it `range.start` later.
    ///
    /// - Throws: `MediaTimeError.overflow` when a time does not fit.
    public func excerpt(_ range: MediaTimeRange) throws(MediaTimeError) -> VideoComposition {
        let offset = try MediaTime.zero - range.start
        var cut: [VideoCompositionInstruction] = []
        for instruction in instructions {
            guard let inside = instruction.timeRange.intersection(range) else { continue }
            var moved = instruction
            moved.timeRange = try inside.shifted(by: offset)
            moved.layerInstructions = try instruction.layerInstructions.map { layer throws(MediaTimeError) in try layer.shifted(by: offset) }
            if var custom = instruction.customTransition {
                custom.timeRange = try custom.timeRange.shifted(by: offset)
                moved.customTransition = custom
            }
            cut.append(moved)
        }
        var excerpt = self
        excerpt.instructions = cut
        excerpt.overlays = try overlays.filter { $0.timeRange.overlaps(range) }.map { overlay throws(MediaTimeError) in
            var moved = overlay
            moved.timeRange = try overlay.timeRange.shifted(by: offset)
            return moved
        }
        return excerpt
    }
}
