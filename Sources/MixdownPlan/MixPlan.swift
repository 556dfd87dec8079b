import MixdownAudioMix
import MixdownComposition
import MixdownTime

/// Everything a render needs, resolved against the media: the composition,
/// the gain envelope of every audio track, the timeline's length and rate, and
/// the stitched video track. What the renderer, the export and the plot run;
/// planning (MixdownPlanning) makes one from a project.
public struct MixPlan: Sendable {
    /// The tracks of segments: clip audio A and B, voice-over, music, and the video.
    public var composition: Composition
    /// Gain envelope per audio track id (volume × fades × automation × duck);
    /// a track without one plays at unity.
    public var envelopes: [Int: GainEnvelope]
    /// Pan of the items per audio track id; a track without spans plays centred.
    public var pans: [Int: [PanSpan]]
    /// Speech found in the items that drive a duck by their signal, item by item.
    public var detectedSpeech: [DetectedSpeech]
    /// How each duck's depth was chosen when ducking by loudness; empty otherwise.
    public var loudnessDucks: [LoudnessDuck]
    /// The timeline's length; the render stops there.
    public var duration: MediaTime
    /// The session rate in Hz: every track is decoded and resampled to it.
    public var sampleRate: Int32
    /// The stitched video track, for an export; the clips' audio is aligned to its segments.
    public var video: VideoStitchPlan?
    /// The clips laid out with transitions and the video composition drawing
    /// them, when the export composes its picture (transitions, conforming, fades
    /// or ramps); nil when the clips are only stitched. The clips' audio then
    /// follows its placements.
    public var videoTimeline: VideoTimeline?
    /// How an export makes the composed picture: which stretches are copied from
    /// the clips and which re-encoded (planned for exports only).
    public var smartRender: SmartRenderPlan?
    /// Things a user would want to know that do not stop the mix.
    public var warnings: [String]
    /// The static gain and true-peak limiter the bus goes through last (loudness
    /// normalisation); none by default.
    public var mastering: Mastering?

    /// Makes a plan from its parts, as planning builds them.
    public init(composition: Composition, envelopes: [Int: GainEnvelope], pans: [Int: [PanSpan]] = [:],
                detectedSpeech: [DetectedSpeech] = [], loudnessDucks: [LoudnessDuck] = [], duration: MediaTime, sampleRate: Int32,
                video: VideoStitchPlan? = nil, videoTimeline: VideoTimeline? = nil, smartRender: SmartRenderPlan? = nil,
                warnings: [String] = [], mastering: Mastering? = nil) {
        self.composition = composition
        self.envelopes = envelopes
        self.pans = pans
        self.detectedSpeech = detectedSpeech
        self.loudnessDucks = loudnessDucks
        self.duration = duration
        self.sampleRate = sampleRate
        self.video = video
        self.videoTimeline = videoTimeline
        self.smartRender = smartRender
        self.warnings = warnings
        self.mastering = mastering
    }

    /// Every media file the plan's tracks read: what an output may not overwrite.
    public var inputPaths: [String] { composition.tracks.flatMap { $0.segments.map(\.asset.path) } }
}
