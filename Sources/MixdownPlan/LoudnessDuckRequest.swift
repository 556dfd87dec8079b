import MixdownAudioMix
import MixdownTime
import MixdownUnits

/// A duck of one part whose depths are chosen by loudness (`ducking.mode`
/// loudness), as planning leaves it for the loudness pass: where the part is
/// held down, and what to measure to choose each depth.
///
/// The pass renders the ``sources`` and the ducked part without any duck, meters
/// both inside each region, and sets the depth that puts the ducked part ``gap``
/// under the voice (``LoudnessDuck/depth(voice:target:gap:fixed:)``).
public struct LoudnessDuckRequest: Hashable, Sendable {
    /// The parts whose loudness is the voice's.
    public var sources: Set<MixPart>
    /// The duck regions, bridged (one per group held at one gain), each with the
    /// fixed depth kept when the voice cannot be measured.
    public var regions: [DuckRegion]
    /// How far the ducked part is to sit under the voice.
    public var gap: LoudnessGap
    /// The ramps and curve of the duck layer.
    public var settings: DuckingSettings

    /// A request to duck under `sources` over `regions`, `gap` under them.
    public init(sources: Set<MixPart>, regions: [DuckRegion], gap: LoudnessGap, settings: DuckingSettings) {
        self.sources = sources
        self.regions = regions
        self.gap = gap
        self.settings = settings
    }
}
