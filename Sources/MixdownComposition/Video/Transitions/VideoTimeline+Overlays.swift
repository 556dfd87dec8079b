extension VideoTimeline {
    /// This layout with `overlays` as its composition's overlay track (drawn over
    /// the clips, in timeline time): an overlay whose end is the timeline's
    /// needs the layout's length first.
    public func overlaid(by overlays: [Overlay]) -> VideoTimeline {
        var composition = videoComposition
        composition.overlays = overlays
        return VideoTimeline(placements: placements, gaps: gaps, transitions: transitions, videoComposition: composition, duration: duration)
    }
}
