extension VideoTimeline {
    /// This layout with its composition drawn and encoded in `dynamicRange`
    /// (`VideoComposition.outputColour`), stating `hdrMetadata` when HDR.
    public func drawn(in dynamicRange: DynamicRange, hdrMetadata: HDRStaticMetadata? = nil) -> VideoTimeline {
        var composition = videoComposition
        composition.dynamicRange = dynamicRange
        composition.hdrMetadata = dynamicRange.isHDR ? hdrMetadata : nil
        return VideoTimeline(placements: placements, gaps: gaps, transitions: transitions, videoComposition: composition, duration: duration)
    }
}
