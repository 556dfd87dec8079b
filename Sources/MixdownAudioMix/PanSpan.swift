import MixdownTime
import MixdownUnits

/// Where one item on a track sits between the speakers, over the timeline range it plays.
///
/// The renderer scales the item's left channel by the pan's left gain and its right
/// channel by the right gain (`Pan.gains`, MixdownUnits) before the track's gain envelope; a
/// track's spans do not overlap, and outside them the track plays centred.
public struct PanSpan: Hashable, Sendable {
    /// Where the item plays, `[start, end)`, in timeline time.
    public var range: MediaTimeRange
    /// Its position.
    public var pan: Pan

    /// A span of `range` at `pan`.
    public init(range: MediaTimeRange, pan: Pan) {
        self.range = range
        self.pan = pan
    }
}
