import MixdownAudioMix
import MixdownComposition
import MixdownTime

/// A project resolved against its media: the composition, the gain envelope of
/// every audio track, and the timeline length. What the renderer and export run.
public struct MixPlan: Sendable {
    public var composition: Composition
    /// Gain envelope per audio track id (volume × fades × duck × automation).
    public var envelopes: [Int: GainEnvelope]
    public var duration: MediaTime
    public var sampleRate: Int32
    /// Things a user would want to know that do not stop the mix.
    public var warnings: [String]
}
