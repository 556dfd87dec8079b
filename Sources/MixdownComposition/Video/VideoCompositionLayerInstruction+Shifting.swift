import MixdownTime

extension VideoCompositionLayerInstruction {
    /// The same layer with every setting `offset` later on the timeline (earlier
    /// when negative): it draws at `t + offset` what this one draws at `t`.
    ///
    /// - Throws: `MediaTimeError.overflow` when a time does not fit.
    public func shifted(by offset: MediaTime) throws(MediaTimeError) -> VideoCompositionLayerInstruction {
        var moved = VideoCompositionLayerInstruction(trackID: trackID)
        moved.conform = conform
        moved.drawsBackground = drawsBackground
        for ramp in opacityRamps {
            moved.setOpacityRamp(from: ramp.start, to: ramp.end, timeRange: try ramp.timeRange.shifted(by: offset))
        }
        for ramp in transformRamps {
            moved.setTransformRamp(from: ramp.start, to: ramp.end, timeRange: try ramp.timeRange.shifted(by: offset))
        }
        for ramp in cropRamps {
            moved.setCropRectangleRamp(from: ramp.start, to: ramp.end, timeRange: try ramp.timeRange.shifted(by: offset))
        }
        return moved
    }
}
