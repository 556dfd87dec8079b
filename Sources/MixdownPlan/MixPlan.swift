import MixdownAudioMix
import MixdownComposition
import MixdownTime
import MixdownUnits

/// Everything a render needs, resolved against the media, as one timed tree:
/// the audio tracks (each with its segments, items, gain layers and what was
/// learnt listening to it), the picture, the timeline's length and rate, and
/// the mastering of a delivery. What the renderer, the export and the plot run;
/// planning (MixdownPlanning) makes one from a project, and measured passes
/// (ducking by loudness, delivery loudness) adjust it.
public struct MixPlan: Sendable {
    /// The audio tracks, by id: the clips' A and B, the takes, the music.
    public var audioTracks: [MixTrack]
    /// The picture.
    public var video: VideoPlan
    /// The soft caption tracks an export writes (`mov_text`), one per file, in
    /// timeline time; burned captions are overlays of the picture instead.
    public var captionTracks: [CaptionTrack]
    /// The timeline's length; the render stops there.
    public var duration: MediaTime
    /// The session rate: every track is decoded and resampled to it.
    public var sampleRate: SampleRate
    /// Things a user would want to know that do not stop the mix.
    public var warnings: [String]
    /// The static gain and true-peak limiter the bus goes through last (loudness
    /// normalisation); none by default.
    public var mastering: Mastering?
    /// The owners of temporary files its segments read (a measured pass's cleaned
    /// dialogue): held by the plan, so the files live as long as any copy of it.
    package var temporaryFiles: [any AnyObject & Sendable] = []
    /// The file each of those temporary files was made from, and where in it
    /// the temporary file starts, by path: what reports show instead.
    public var originals: [String: (path: String, offset: MediaTime)] = [:]

    /// A plan of `audioTracks`, `video` and `captionTracks` over `duration` at `sampleRate`.
    public init(audioTracks: [MixTrack], video: VideoPlan = .none, duration: MediaTime, sampleRate: SampleRate,
                warnings: [String] = [], mastering: Mastering? = nil, captionTracks: [CaptionTrack] = []) {
        self.audioTracks = audioTracks
        self.video = video
        self.captionTracks = captionTracks
        self.duration = duration
        self.sampleRate = sampleRate
        self.warnings = warnings
        self.mastering = mastering
    }

    /// The audio tracks playing `part`.
    public func audioTracks(of part: MixPart) -> [MixTrack] {
        audioTracks.filter { $0.part == part }
    }

    /// Whether a measured pass must run before the plan is rendered: dialogue
    /// still to be cleaned or levelled, or a duck whose depths are chosen by
    /// loudness and not measured yet.
    public var needsMeasuring: Bool {
        audioTracks.contains { $0.pendingDuck != nil || $0.items.contains { $0.dialogue?.isPending == true } }
    }

    /// The file and source range `segment` stands for: those of the original of a
    /// temporary file (cleaned dialogue), else its own.
    public func original(of segment: CompositionTrackSegment) -> (path: String, sourceRange: MediaTimeRange) {
        guard let original = originals[segment.asset.path],
              let start = try? segment.sourceRange.start + original.offset,
              let range = try? MediaTimeRange(start: start, duration: segment.sourceRange.duration)
        else { return (segment.asset.path, segment.sourceRange) }
        return (original.path, range)
    }

    /// Every file the plan reads (media and soft caption files): what an output may not overwrite.
    public var inputPaths: [String] {
        audioTracks.flatMap { $0.segments.map(\.asset.path) } + video.inputPaths + captionTracks.map(\.path)
    }
}
