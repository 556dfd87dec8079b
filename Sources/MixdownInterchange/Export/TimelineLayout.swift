import MixdownAudioMix
import MixdownComposition
import MixdownTime
import MixdownUnits

/// A plan laid out as an editor's timeline: tracks of clips placed end to end,
/// the transitions between them, and each audio clip's gain.
///
/// Built from the plan (`init(project:plan:)`), never by planning again: the
/// picture's clips where the plan cuts them, the clips' audio on the sample
/// grid beside them, each take and each repeat of a bed where the plan plays
/// it. Both writers (OTIO, FCP 7 XML) read this one layout.
struct TimelineLayout {
    /// One clip of a track: a Mixdown item, or one repeat of a looping bed.
    struct Item {
        var part: MixPart
        /// The item's index in its part of the project.
        var index: Int
        /// Which repeat of a looping bed, from 0; nil for an item that does not loop.
        var repetition: Int?
        var path: String
        /// The media played over `timeline`, the transitions' overlaps included.
        var source: MediaTimeRange
        /// Where it plays, the transitions' overlaps included.
        var timeline: MediaTimeRange
        /// The media's whole length, when known.
        var mediaDuration: MediaTime?
        /// The gain it plays at (its track's envelope, read over `timeline`; a picture's,
        /// its clip's audio's); nil for a clip without audio.
        var envelope: GainEnvelope?
        /// Where that envelope may bend or jump, in seconds, ascending: every start
        /// and end of its layers' segments (shared by the items of one track).
        var gainBoundaries: [Double] = []

        /// Whether it is a gap clip of the project (no file: the background), which
        /// OTIO writes as a `Gap` so that the transitions beside it keep their places.
        var isGap: Bool { path.isEmpty }
    }

    /// A transition into `items[k]` from `items[k - 1]`: the two overlap over
    /// `overlap`, and an editor's cut sits in its middle.
    struct Transition {
        /// Mixdown's kind (`dissolve`, `push-left`, …); nil for the clips' audio crossfade.
        var kind: MixdownComposition.Transition.Kind?
        var overlap: MediaTimeRange

        /// Where an editor cuts: the middle of the overlap.
        func cut() throws(MediaTimeError) -> MediaTime {
            try overlap.start + overlap.duration.halved()
        }
    }

    struct Track {
        enum Kind { case video, audio }
        var kind: Kind
        var name: String
        /// The part it plays (nil for the picture).
        var part: MixPart?
        /// In timeline order; neighbours overlap only where a transition joins them.
        var items: [Item] = []
        /// The transition into `items[k]`, by `k`.
        var transitions: [Int: Transition] = [:]
    }

    /// The picture's rate: the project's, the first clip's, else 25.
    var frameRate: OTIORate
    /// The picture's size in pixels (the render size, or the stitched clips' shown size); nil without clips.
    var pictureSize: (width: Int, height: Int)?
    var sampleRate: SampleRate
    var duration: MediaTime
    var tracks: [Track]
}
