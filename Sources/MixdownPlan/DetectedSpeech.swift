import MixdownTime

/// Where speech was found in one item's audio, for the duck it drives and for
/// the reports (`inspect`, `automation`, `plot`) that show why the duck is there.
public struct DetectedSpeech: Hashable, Sendable {
    /// The item, as a project file names it: `clips[2]`, `voiceovers[0]`.
    public var item: String
    /// The item's file.
    public var path: String
    /// The audio track the item plays on.
    public var trackID: Int
    /// The speech regions, in timeline time, within the part of the item that plays.
    public var regions: [MediaTimeRange]

    /// Speech found in `item` (`path`, on track `trackID`) at `regions`.
    public init(item: String, path: String, trackID: Int, regions: [MediaTimeRange]) {
        self.item = item
        self.path = path
        self.trackID = trackID
        self.regions = regions
    }
}
