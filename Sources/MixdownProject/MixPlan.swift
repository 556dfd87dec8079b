import MixdownAudioMix
import MixdownComposition
import MixdownMediaIO
import MixdownTime

/// A project resolved against its media: the composition, the gain envelope of
/// every audio track, and the timeline length. What the renderer and export run.
public struct MixPlan: Sendable {
    public var composition: Composition
    /// Gain envelope per audio track id (volume × fades × duck × automation).
    public var envelopes: [Int: GainEnvelope]
    public var duration: MediaTime
    public var sampleRate: Int32
    /// The stitched video track, for an export; the clips' audio is aligned to its segments.
    public var video: VideoStitchPlan?
    /// Things a user would want to know that do not stop the mix.
    public var warnings: [String]
}

/// What a plan is for: a preview renders the clips' audio even when their video
/// could not be stream-copied into one track; an export refuses that.
public enum PlanPurpose: Sendable {
    case preview
    case export
}
