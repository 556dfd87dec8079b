import MixdownAudioMix
import MixdownComposition
import MixdownPlan
import MixdownProject
import MixdownTime
internal import MixdownUnits

/// An item as placed on a track: the plan's item and what planning still needs
/// of the project's settings to make its gains and ducks.
struct PlacedItem {
    /// Which part of the mix it belongs to, and its index in that list of the project.
    var part: MixPart
    var index: Int
    var path: String
    /// Where it plays on the timeline.
    var range: MediaTimeRange
    /// The source range of its audio, which plays from `range.start`; nil when it has none.
    var audio: MediaTimeRange?
    var volume: Double
    var fade: Fade
    var automation: [VolumeRamp] = []
    var pan = Pan.center
    /// A voice-over take's own duck settings.
    var ducks = true
    var duckDepth: DuckDepth?

    /// The item as a project file names it: `clips[2]`.
    var name: String { part.itemName(index) }

    /// The item as the plan keeps it.
    var planned: MixItem { MixItem(name: name, path: path, timeRange: range, pan: pan) }
}

/// A track as placed: the plan's track (its segments) and its items' settings,
/// in timeline order.
struct PlacedTrack {
    var track: MixTrack
    var items: [PlacedItem] = []

    init(id: Int, part: MixPart) {
        track = MixTrack(id: id, part: part)
    }

    /// Places `source` of `asset` at `time` on the track.
    mutating func insert(_ source: MediaTimeRange, of asset: Asset, at time: MediaTime) throws(PlanningError) {
        do { try track.insert(source, of: asset, at: time) } catch { throw .composition(error) }
    }
}
