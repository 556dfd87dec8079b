import MixdownAudioMix
import MixdownComposition
import MixdownTime
import MixdownUnits

/// The timeline a user describes, with flags or a project file: video clips
/// stitched in order, voice-over takes placed on the timeline, music beds, and
/// the settings for ducking and output.
///
/// A plain value: reading and writing it as a file is MixdownProjectFile's job,
/// turning it into a render plan MixdownPlanning's. All times are timeline times
/// unless a field says it is in the source file's own time (`inPoint`, `outPoint`).
public struct Project: Hashable, Sendable {
    /// The project format version this model describes.
    public var version = 1
    /// The video clips, stitched in this order; a gap among them
    /// (``Clip/init(gap:)``) holds the background and silence for its length.
    public var clips: [Clip] = []
    /// The voice-over takes, each at its own time.
    public var voiceovers: [Voiceover] = []
    /// The music beds.
    public var music: [Music] = []
    /// Gain of every clip's own audio, multiplied with each clip's own volume.
    public var clipVolume = Gain.unity
    /// Gain of every voice-over take, multiplied with each take's own volume.
    public var voiceoverVolume = Gain.unity
    /// Gain of every music bed, multiplied with each bed's own volume.
    public var musicVolume = Gain.unity
    /// Move clip in-points that are not on a keyframe back to the keyframe before
    /// (stream copy can only start there), instead of refusing them.
    public var snapToKeyframes = false
    /// Crossfade at every cut between two clips' own audio, so no cut clicks; zero disables.
    public var cutFade: MediaTime = .milliseconds(10)
    /// How music (and optionally the clips' audio) ducks under voice-over.
    public var ducking = Ducking()
    /// How dialogue (the takes, the speech in the clips' audio) is cleaned and
    /// levelled before the duck and the mix; per item in each one's `dialogue`.
    public var dialogue = DialogueSettings()
    /// How the clips' pictures become the video: render size, transitions, fades.
    public var video = Video()
    /// What is drawn over the picture, above the clips and independent of them:
    /// images, texts, boxes; later ones over earlier ones.
    public var overlays: [Overlay] = []
    /// Caption files, each a soft subtitle track, one of them perhaps burned in.
    public var captions: [Captions] = []
    /// What to write.
    public var output = Output()

    /// An empty project: no items, every setting at its default.
    public init() {}

    /// A video clip; its picture and its own (camera) audio play in sequence.
    ///
    /// What every item has (``Item``: the file, the part that plays, volume,
    /// fades, automation, pan) reads and writes as the clip's own,
    /// `clip.volume`; its automation is in timeline time, inside the clip.
    public struct Clip: TimelineItem {
        /// The clip's file, the part of it that plays, and how its audio sounds.
        public var item: Item
        /// How the previous clip gives way to this one: the project's default
        /// transition, a cut, or a transition of this clip's own. The first
        /// clip has nothing before it; ``Project/transition(into:)`` applies the rule.
        public var transition = Entry.videoDefault
        /// Opacity settings of the picture, in clip time (0 is the clip's first frame).
        public var opacity: [LayerRamp<Opacity>] = []
        /// Transform settings of the picture, in clip time, in render pixels.
        public var transform: [LayerRamp<LayerTransform>] = []
        /// Crop settings of the picture, in clip time, in render pixels of the conformed picture.
        public var crop: [LayerRamp<CropRectangle>] = []
        /// How this clip is brought into the render size; nil takes ``Video/fit``.
        public var fit: ConformMode?
        /// How the speech in this clip's audio is cleaned and levelled, over the
        /// project's ``Project/dialogue``; nil: as the project says.
        public var dialogue: DialogueOverride?
        /// Non-nil for a gap: this long of ``Video/background`` and silence, no
        /// media. A gap has an empty `path`, no in- or out-point and no audio
        /// settings that sound; the clips after it start this much later.
        public var gapDuration: MediaTime?

        /// A whole clip at unity gain.
        public init(path: String) { item = Item(path: path) }

        /// A gap of `duration` (greater than zero; the project reader and
        /// planning refuse one that is not): the background colour and
        /// silence, entered by ``transition`` like any clip.
        public init(gap duration: MediaTime) {
            item = Item(path: "")
            gapDuration = duration
        }

        /// Whether this is a gap rather than a clip of a file.
        public var isGap: Bool { gapDuration != nil }

        /// How a clip is entered from the clip before it.
        ///
        /// Three cases rather than an optional transition, because a project
        /// with a default transition must still be able to say "a cut here".
        public enum Entry: Hashable, Sendable {
            /// ``Project/Video/transition``: a cut when that is nil.
            case videoDefault
            /// A hard cut, whatever ``Project/Video/transition`` says.
            case cut
            /// This transition, whatever ``Project/Video/transition`` says.
            case transition(Transition)
        }
    }

    /// A voice-over take placed at `start` on the timeline.
    ///
    /// What every item has (``Item``) reads and writes as the take's own,
    /// `take.fade`; its in- and out-points say which part of the take plays.
    public struct Voiceover: TimelineItem {
        /// The take's file, the part of it that plays, and how it sounds.
        public var item: Item
        /// Where the take starts on the timeline (its in-point plays there).
        public var start: MediaTime
        /// Whether other audio ducks under this take.
        public var ducks = true
        /// Duck depth for this take, overriding the project's.
        public var duckDepth: DuckDepth?
        /// How this take is cleaned and levelled, over the project's
        /// ``Project/dialogue``; nil: as the project says.
        public var dialogue: DialogueOverride?

        /// A take at `start`, at unity gain, ducking the music.
        public init(path: String, start: MediaTime) {
            item = Item(path: path)
            self.start = start
        }
    }

    /// A music bed placed at `start`; plays to its own end or the timeline's end.
    ///
    /// What every item has (``Item``) reads and writes as the bed's own,
    /// `bed.fade`; the fades span the whole stretch the bed plays (all its
    /// repeats when it loops), and its automation is AVAudioMixInputParameters-style.
    public struct Music: TimelineItem {
        /// The bed's file, the part of it that plays, and how it sounds.
        public var item: Item
        /// Where the bed starts on the timeline.
        public var start: MediaTime = .zero
        /// Repeat the bed until the timeline ends.
        public var loop = false

        /// A bed at 0, at unity gain, playing once.
        public init(path: String) { item = Item(path: path) }
    }

    /// What ducks under what: music (or other parts) under the voice-over takes
    /// and, when asked, under the people speaking in the clips.
    public struct Ducking: Hashable, Sendable {
        /// How the voice-over takes trigger the duck.
        public enum Mode: String, Hashable, Sendable, CaseIterable {
            /// Down for the whole of each voice-over take.
            case ranges
            /// Down where the takes' signal holds speech (`SpeechDetector`).
            case signal
            /// Down for the whole of each take (as ``ranges``), by a depth chosen per
            /// duck so the ducked part's loudness there (integrated over the duck)
            /// sits ``Ducking/below`` under the voice's; `DuckingSettings.depth`
            /// where the voice is too short or quiet to measure.
            case loudness
            /// No ducking at all.
            case off
        }

        /// How the voice-over takes trigger the duck; `off` turns ducking off.
        public var mode = Mode.ranges
        /// What triggers the duck: the voice-over takes (by `mode`), the speech
        /// found in the clips' own audio, or both. Music never does.
        public var sources: Set<MixPart> = [.voiceovers]
        /// What ducks: the music, the clips' audio, the voice-over takes. A part
        /// never ducks under itself, only under the other sources.
        public var targets: Set<MixPart> = [.music]
        /// Depth, ramps, bridging and curve of the duck.
        public var settings = DuckingSettings()
        /// The lowest speech-band level that can count as speech, for signal detection.
        public var threshold = SpeechThreshold.standard
        /// How far the ducked music sits under the voice in ``Mode/loudness``.
        public var below = LoudnessGap.standard

        /// Ducking the music under the takes' ranges, with the default settings.
        public init() {}
    }

    /// What to write.
    public struct Output: Hashable, Sendable {
        /// The session rate: every input is resampled to it.
        public var sampleRate = SampleRate.standard
        /// The WAV preview's sample format.
        public var format = WAVSampleFormat.standard
        /// The export's AAC bit rate.
        public var audioBitrate = AudioBitRate.standard
        /// Timeline length when there is no video; default: the end of the last item.
        public var duration: MediaTime?
        /// The loudness to deliver at: the mix is measured, brought to the target by
        /// one static gain and held under the true-peak ceiling by a limiter.
        /// Nil: the mix as it is.
        public var loudness: DeliveryLoudness?

        /// The default output settings.
        public init() {}
    }

    /// How the clips' pictures become the exported video.
    public struct Video: Hashable, Sendable {
        /// The size of the exported picture; nil: the first clip's displayed size.
        public var renderSize: PixelSize?
        /// The exported frame rate; nil: the first clip's.
        public var frameRate: FrameRate?
        /// The colour around conformed clips and under fades.
        public var background = Colour.black
        /// The transition between every two clips that name none; nil: cuts.
        public var transition: Transition?
        /// The quality of re-encoded frames; nil: `VideoQuality.standard`.
        public var quality: VideoQuality?
        /// The x264 speed preset of re-encoded frames.
        public var preset = VideoPreset.standard
        /// The output's dynamic range; nil (`auto`): HDR, in its transfer, when
        /// the first clip is HDR, else SDR.
        public var dynamicRange: DynamicRange?
        /// How clips of another size or shape are brought into the render size.
        public var fit = ConformMode.fit
        /// The picture fades in from the background over this long at the start.
        public var fadeIn: MediaTime = .zero
        /// The picture fades out to the background over this long at the end.
        public var fadeOut: MediaTime = .zero
        /// Whether the clips' own audio fades with the picture's fade-in and fade-out.
        public var fadeAudio = true
        /// The curve of the clips' audio crossfade across a transition.
        public var transitionCurve = RampCurve.equalPower
        /// Re-encode every frame instead of copying the unchanged ones (for comparison).
        public var fullRender = false

        /// Cuts, no fades, the first clip's size and rate.
        public init() {}
    }
}
