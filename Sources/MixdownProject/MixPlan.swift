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

    /// Every media file the plan's tracks read: what an output may not overwrite.
    public var inputPaths: [String] { composition.tracks.flatMap { $0.segments.map(\.asset.path) } }
}

/// What a plan is for, which decides how much of the clips' video it reads.
public enum PlanPurpose: Sendable {
    /// Audio only: whole clips are placed from their headers without scanning their
    /// video (trimmed clips are still planned as the export cuts them), and clips that
    /// could not share one video track are still mixed.
    case preview
    /// The video track as the export would cut it (`MixPlan.video`), without refusing
    /// clips that could not share one track: for `inspect` and `plot`.
    case layout
    /// As `layout`, and clips must be compatible for stream copy.
    case export
}
