extension VideoTimeline {
    /// This layout with its composition drawn and encoded in `dynamicRange`
    /// (`VideoComposition.outputColour`).
    public func drawn(in dynamicRange: DynamicRange) -> VideoTimeline {
        var composition = videoComposition
        composition.dynamicRange = dynamicRange
        return VideoTimeline(placements: placements, transitions: transitions, videoComposition: composition, duration: duration)
    }
}
