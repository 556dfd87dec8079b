import MixdownTime
import MixdownUnits

/// Clips laid out on two video tracks (AVFoundation's A/B layout) so that
/// neighbours overlap by their transition, and the video composition that draws
/// them: what `TransitionBuilder` in Apple's samples makes.
///
/// Clip *i* goes on track A when *i* is even and B when odd; it starts where the
/// previous one ends less the transition between them, so the timeline is
/// shorter than the clips by the transitions' lengths. A transition lasts at most
/// half of the shorter of its two clips (so a clip's two transitions never
/// meet), as in Apple's editor: a longer one is clamped and listed in ``clamps``.
/// Lengths are taken down to whole frames.
///
/// A gap (``VideoTimelineClip/isGap``) is laid out as a clip is, on its track
/// and with its transitions, but has no ``Placement``: its own stretch draws no
/// layer (the composition's background shows), and a transition with a clip
/// draws it as a layer of the background colour
/// (``VideoCompositionLayerInstruction/drawsBackground``).
public struct VideoTimeline: Hashable, Sendable {
    /// A clip's place.
    public struct Placement: Hashable, Sendable {
        /// The clip's index among the clips given that are not gaps (its scan's
        /// index); the index in the list given when it holds no gap.
        public let index: Int
        /// The clip's index in the list given, gaps counted (``PlacedTransition/index``'s count).
        public let entryIndex: Int
        /// The track (A or B) that plays it.
        public let trackID: Int
        /// Where it plays, in timeline time (its transitions included).
        public let timeRange: MediaTimeRange
        /// The source range that plays there.
        public let sourceRange: MediaTimeRange
    }

    /// A gap as placed: the background, no track drawn.
    public struct PlacedGap: Hashable, Sendable {
        /// The gap's index in the list given, gaps counted.
        public let index: Int
        /// Where it lies, in timeline time (transitions into and out of it included).
        public let timeRange: MediaTimeRange
    }

    /// A transition as placed.
    public struct PlacedTransition: Hashable, Sendable, CustomStringConvertible {
        /// The index of the clip it leads into in the list given, gaps counted
        /// (it leaves clip `index − 1`).
        public let index: Int
        /// What it draws.
        public let kind: Transition.Kind
        /// The length asked for.
        public let requested: MediaTime
        /// Where it runs on the timeline (its length is the one used).
        public let timeRange: MediaTimeRange
        /// Whether its length was cut to fit its clips.
        public var isClamped: Bool { timeRange.duration < requested }

        public var description: String {
            "\(kind.rawValue) into clip \(index) at \(timeRange.start.readable) for \(timeRange.duration.readable)"
                + (isClamped ? " (clamped from \(requested.readable): at most half the shorter clip)" : "")
        }
    }

    /// Every clip's place, in order; gaps have none.
    public let placements: [Placement]
    /// Every gap's place, in order.
    public let gaps: [PlacedGap]
    /// Every transition, in order.
    public let transitions: [PlacedTransition]
    /// The composition drawing them: its instructions tile `[0, duration)`.
    public let videoComposition: VideoComposition
    /// The timeline's length: the end of the last clip.
    public let duration: MediaTime

    /// The transitions whose length was cut.
    public var clamps: [PlacedTransition] { transitions.filter(\.isClamped) }
}
