import MixdownTime

/// An OpenTimelineIO timeline as read from a file: its tree of stacks, tracks,
/// clips, gaps and transitions, times already exact (``OTIORate``).
///
/// Only what Mixdown uses is kept, and for each item its JSON path, so that a
/// message can point at it. Algorithms over it (placement, flattening) live in
/// the importer: this is the file's shape, not Mixdown's.
struct OTIOTimeline: Sendable {
    var name: String
    var tracks: OTIOStack
    var metadata: [String: OTIOJSON]
}

/// What every item of the tree has: a name, where the file holds it, whether it plays.
struct OTIOItemInfo: Sendable {
    var name: String
    /// The JSON path of the item's object (`tracks.children[0].children[3]`).
    var path: String
    var enabled = true
    var effects: [OTIOEffect] = []
    var markerCount = 0
    var metadata: [String: OTIOJSON] = [:]

    /// How messages name the item: `clip "Interview" (tracks.children[1].children[3])`.
    func named(_ kind: String) -> String {
        name.isEmpty ? "\(kind) at \(path)" : "\(kind) \"\(name)\" (\(path))"
    }
}

/// A stack: its children play at once, the last on top.
struct OTIOStack: Sendable {
    var info: OTIOItemInfo
    var sourceRange: MediaTimeRange?
    var children: [OTIOComposable]
}

/// A track: its children play one after the other.
struct OTIOTrack: Sendable {
    enum Kind: Hashable, Sendable {
        case video, audio
        case other(String)
    }

    var info: OTIOItemInfo
    var kind: Kind
    var sourceRange: MediaTimeRange?
    var children: [OTIOComposable]
}

/// A clip: a part of a media file.
struct OTIOClip: Sendable {
    var info: OTIOItemInfo
    var sourceRange: MediaTimeRange?
    var media: OTIOMediaReference
    /// The rate its source range counts in (what an editor's keyframe numbers count).
    var rate: OTIORate?
}

/// Where a clip's media is.
enum OTIOMediaReference: Sendable {
    /// A file, by its `target_url` as written (a path or a `file://` URL).
    case external(url: String, availableRange: MediaTimeRange?)
    /// The editor had no file for it.
    case missing(availableRange: MediaTimeRange?)
    /// Something drawn by the editor: bars, a solid colour.
    case generator(kind: String, availableRange: MediaTimeRange?)
    /// A reference of a schema Mixdown does not play (an image sequence).
    case other(schema: String, availableRange: MediaTimeRange?)

    var availableRange: MediaTimeRange? {
        switch self {
        case let .external(_, range), let .missing(range), let .generator(_, range), let .other(_, range): return range
        }
    }
}

/// Nothing plays here, for `duration`.
struct OTIOGap: Sendable {
    var info: OTIOItemInfo
    var duration: MediaTime
}

/// A transition across the cut between its neighbours: it takes `inOffset` of
/// the next item from before the cut and `outOffset` of the previous one from
/// after it, and does not change the track's length.
struct OTIOTransition: Sendable {
    var info: OTIOItemInfo
    var type: String
    var inOffset: MediaTime
    var outOffset: MediaTime
}

/// An effect on an item: a time effect (``timeScalar``, a freeze) or anything else, by its name.
struct OTIOEffect: Sendable {
    enum Kind: Sendable {
        case linearTimeWarp(timeScalar: Double)
        case freezeFrame
        case other
    }

    var kind: Kind
    /// `effect_name`, or the schema's name when empty.
    var name: String
    var metadata: [String: OTIOJSON]
    var path: String
}

/// An item of a track or stack.
indirect enum OTIOComposable: Sendable {
    case clip(OTIOClip)
    case gap(OTIOGap)
    case transition(OTIOTransition)
    case track(OTIOTrack)
    case stack(OTIOStack)
}
