import MixdownTime
import MixdownUnits

/// How one duck's depth was chosen by loudness (`ducking.mode` loudness): the
/// loudness of the voice and of the ducked part inside the duck region, and the
/// depth that sets the second the asked gap under the first. Each track of the
/// ducked part holds its ducks (``MixTrack/loudnessDucks``), for the reports
/// (`inspect`, `automation`) that show why the duck is as deep as it is.
public struct LoudnessDuck: Hashable, Sendable {
    /// The duck region on the timeline: where the ducked part is fully down (the
    /// ramps lie outside it), bridged regions merged.
    public var range: MediaTimeRange
    /// Integrated loudness (ITU-R BS.1770, gated) of the voice inside ``range``, in
    /// LUFS; nil when it is too short (under 400 ms) or too quiet (under −70 LUFS) to measure.
    public var voiceLoudness: Double?
    /// Integrated loudness of the ducked part inside ``range`` before the duck, in
    /// LUFS; nil when it is silent there.
    public var targetLoudness: Double?
    /// How far the ducked part was asked to sit under the voice.
    public var gap: LoudnessGap
    /// The depth chosen: `voice − gap − target` dB, within the depth's range and
    /// never above 0; 0 when the target is silent; the fixed depth when the voice
    /// cannot be measured (``isFallback``).
    public var depth: DuckDepth

    /// A duck over `range` by `depth`, chosen from the two loudnesses.
    public init(range: MediaTimeRange, voiceLoudness: Double?, targetLoudness: Double?, gap: LoudnessGap, depth: DuckDepth) {
        self.range = range
        self.voiceLoudness = voiceLoudness
        self.targetLoudness = targetLoudness
        self.gap = gap
        self.depth = depth
    }

    /// The depth that puts `target` (LUFS) `gap` under `voice` (LUFS): `voice − gap −
    /// target` dB, never above 0 (a duck never lifts) nor below `DuckDepth.range`.
    /// A silent target (nil) needs no duck: 0 dB. An unmeasurable voice (nil) keeps `fixed`.
    public static func depth(voice: Double?, target: Double?, gap: LoudnessGap, fixed: DuckDepth) -> DuckDepth {
        guard let voice else { return fixed }
        guard let target else { return DuckDepth(uncheckedDecibels: 0) }
        let bounds = DuckDepth.range
        return DuckDepth(uncheckedDecibels: min(bounds.upperBound, max(bounds.lowerBound, voice - gap.decibels - target)) + 0)
    }

    /// True when the voice could not be measured and the duck kept its fixed depth.
    public var isFallback: Bool { voiceLoudness == nil }
}
