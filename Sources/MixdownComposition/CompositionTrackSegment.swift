import MixdownTime

/// A piece of a track: a time range of an asset placed at a time range of the timeline.
///
/// Source and timeline ranges have the same duration (no speed change), like the
/// time mapping of an `AVCompositionTrackSegment`.
public struct CompositionTrackSegment: Hashable, Sendable {
    /// The file the segment plays.
    public let asset: Asset
    /// The part of the asset that plays, in the asset's own time.
    public let sourceRange: MediaTimeRange
    /// Where it plays on the composition's timeline.
    public let timelineRange: MediaTimeRange

    /// `sourceRange` of `asset` placed to start at `start` on the timeline.
    ///
    /// - Throws: `MediaTimeError.overflow` when the end does not fit.
    public init(asset: Asset, sourceRange: MediaTimeRange, at start: MediaTime) throws(MediaTimeError) {
        self.asset = asset
        self.sourceRange = sourceRange
        timelineRange = try MediaTimeRange(start: start, duration: sourceRange.duration)
    }
}
