import MixdownProject
import MixdownTime

/// An editor's timeline read into a project, with where each of its items went
/// and what could not come through as it was.
public struct ImportedTimeline: Sendable {
    /// The project: clips (and gaps) from the video track, voice-overs, music
    /// and the clips' own audio from the audio tracks.
    public var project: Project
    /// Every item of the timeline where Mixdown places it, track by track.
    public var placements: [Placement]
    /// What was flattened, dropped, shortened or muted, one line each: shown
    /// by `mixdown import` and as warnings wherever the timeline is used.
    public var notes: [String]

    /// An item of the timeline and where it plays.
    public struct Placement: Hashable, Sendable {
        /// The track as editors name it: `V1`, `A2`.
        public var track: String
        /// The item's name in the timeline.
        public var name: String
        /// What it became: `clip`, `gap`, `voiceover`, `music`, `clip audio`, or `silent` (missing media).
        public var role: String
        /// The media file, when it has one.
        public var path: String?
        /// Where it plays on the timeline (for a clip beside a transition: its
        /// trimmed range, as OTIO's `trimmed_range_in_parent` gives it).
        public var timeline: MediaTimeRange
        /// The item's JSON path in the timeline file.
        public var jsonPath: String
    }
}
