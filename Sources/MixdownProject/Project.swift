import MixdownAudioMix
import MixdownMediaIO
import MixdownTime

/// The timeline a user describes, with flags or a project file: video clips
/// stitched in order, voice-over takes placed on the timeline, music beds, and
/// the settings for ducking and output.
///
/// All times are timeline times unless a field says it is in the source file's
/// own time (`inPoint`, `outPoint`).
public struct Project: Hashable, Sendable {
    public var version = 1
    public var clips: [Clip] = []
    public var voiceovers: [Voiceover] = []
    public var music: [Music] = []
    /// Gain of every clip's own audio, multiplied with each clip's own volume.
    public var clipVolume = 1.0
    public var voiceoverVolume = 1.0
    public var musicVolume = 1.0
    /// Move clip in-points that are not on a keyframe back to the keyframe before
    /// (stream copy can only start there), instead of refusing them.
    public var snapToKeyframes = false
    /// Crossfade at every cut between two clips' own audio, so no cut clicks; zero disables.
    public var cutFade: MediaTime = MediaTime.milliseconds(10)
    public var ducking = Ducking()
    public var output = Output()

    public init() {}

    /// A video clip; its picture and its own (camera) audio play in sequence.
    public struct Clip: Hashable, Sendable {
        public var path: String
        /// Source time where the clip starts (default: its start).
        public var inPoint: MediaTime?
        /// Source time where it ends (default: its end).
        public var outPoint: MediaTime?
        public var volume = 1.0
        public var fadeIn: MediaTime = .zero
        public var fadeOut: MediaTime = .zero
        public var fadeCurve: RampCurve = .linear
        public init(path: String) { self.path = path }
    }

    /// A voice-over take placed at `start` on the timeline.
    public struct Voiceover: Hashable, Sendable {
        public var path: String
        public var start: MediaTime
        public var volume = 1.0
        public var fadeIn: MediaTime = .zero
        public var fadeOut: MediaTime = .zero
        public var fadeCurve: RampCurve = .linear
        /// Whether music ducks under this take.
        public var ducks = true
        /// Duck depth for this take, overriding the project's.
        public var duckDepthDB: Double?
        public init(path: String, start: MediaTime) {
            self.path = path
            self.start = start
        }
    }

    /// A music bed placed at `start`; plays to its own end or the timeline's end.
    public struct Music: Hashable, Sendable {
        public var path: String
        public var start: MediaTime = .zero
        public var inPoint: MediaTime?
        public var outPoint: MediaTime?
        public var volume = 1.0
        public var fadeIn: MediaTime = .zero
        public var fadeOut: MediaTime = .zero
        public var fadeCurve: RampCurve = .linear
        /// Volume automation in timeline time, AVAudioMixInputParameters-style.
        public var automation: [VolumeRamp] = []
        /// Repeat the bed until the timeline ends.
        public var loop = false
        public init(path: String) { self.path = path }
    }

    /// How music (and optionally the clips' audio) ducks under voice-over.
    public struct Ducking: Hashable, Sendable {
        public enum Mode: String, Hashable, Sendable, CaseIterable { case ranges, signal, off }
        public var mode = Mode.ranges
        public var depthDB = -12.0
        public var fadeDown: MediaTime = MediaTime.milliseconds(500)
        public var fadeUp: MediaTime = MediaTime.milliseconds(500)
        public var maxPause: MediaTime = MediaTime.milliseconds(1000)
        public var thresholdDB = -30.0
        public var duckClips = false
        public init() {}
    }

    /// What to write.
    public struct Output: Hashable, Sendable {
        public var sampleRate: Int32 = 48_000
        public var format = WAVSampleFormat.s24
        public var audioBitrate = 192_000
        /// Timeline length when there is no video; default: the end of the last item.
        public var duration: MediaTime?
        public init() {}
    }
}
