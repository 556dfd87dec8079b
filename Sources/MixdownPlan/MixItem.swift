import MixdownTime
import MixdownUnits

/// One item of a track (a clip's audio, a take, a bed with all its repeats): what
/// belongs to it alone, for the renderer and the reports.
///
/// The item's sound is its track's segments inside ``timeRange``; its gains are
/// layers of the track's envelope. Per-item processing joins here.
public struct MixItem: Hashable, Sendable {
    /// The item as a project file names it: `clips[2]`, `voiceovers[0]`.
    public var name: String
    /// The item's file.
    public var path: String
    /// Where the item plays on the timeline, its fades and cut crossfades included.
    public var timeRange: MediaTimeRange
    /// Where the item sits between the speakers over ``timeRange``.
    public var pan: Pan
    /// Where speech was found in the item's audio, in timeline time, inside the
    /// part that plays: for the duck it drives and the reports that show why the
    /// duck is there; nil when the item was not listened to.
    public var speech: [MediaTimeRange]?
    /// How the item is cleaned and levelled as dialogue; nil for an item that is not.
    public var dialogue: DialogueProcessing?

    /// The item `name` of `path`, playing over `timeRange` at `pan`.
    public init(name: String, path: String, timeRange: MediaTimeRange, pan: Pan = .center, speech: [MediaTimeRange]? = nil) {
        self.name = name
        self.path = path
        self.timeRange = timeRange
        self.pan = pan
        self.speech = speech
    }
}
