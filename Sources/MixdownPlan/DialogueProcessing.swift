import MixdownAudioMix
import MixdownTime

/// What dialogue processing does to one item (a take, a clip's own audio) and
/// what it found: the settings asked for, the phrases planning heard, and what
/// the measured passes did (docs/audio-mix.md, "Dialogue").
///
/// Planning fills ``settings`` and ``phrases``; the cleanup pass fills
/// ``cleanup`` (and makes the item's segments read the cleaned audio), the
/// levelling pass ``levelling`` (and adds the track's `dialogue` gain layer).
/// A plan with an item still ``isPending`` cannot be rendered yet.
public struct DialogueProcessing: Hashable, Sendable {
    /// What the user asked for this item: the project's settings with the item's own over them.
    public var settings: DialogueSettings
    /// The speech phrases the leveler listens to and between which cleanup learns
    /// the noise, in timeline time inside the item's range: speech bridged over
    /// pauses shorter than `phrasePause` only.
    public var phrases: [MediaTimeRange]
    /// What cleanup did; nil until the cleanup pass has run, or when none is asked.
    public var cleanup: CleanupOutcome?
    /// What levelling did; nil until the levelling pass has run, or when it is off.
    public var levelling: LevellingOutcome?

    /// Pauses shorter than this do not end a phrase: breaths and the gaps between words.
    public static let phrasePause = MediaTime.milliseconds(250)

    /// Processing by `settings` of an item whose speech is `phrases`, its passes not run yet.
    public init(settings: DialogueSettings, phrases: [MediaTimeRange]) {
        self.settings = settings
        self.phrases = phrases
    }

    /// Whether a measured pass has still to run on the item.
    public var isPending: Bool {
        (settings.cleanup.isActive && cleanup == nil) || (settings.level != .off && levelling == nil)
    }

    /// What the cleanup pass found and did to one item.
    public struct CleanupOutcome: Hashable, Sendable {
        /// Whether the item went through the cleanup chain: false when the detector
        /// heard no speech in it (nothing tells its noise from what it is), so it
        /// was left as recorded.
        public var cleaned: Bool
        /// The mains frequency whose hum was removed; nil when none was.
        public var humFrequency: Int?
        /// The level of the noise in the item's pauses before cleanup, in dBFS; nil when it had no pauses to learn from.
        public var noiseLevel: Double?
        /// Whether broadband noise reduction ran.
        public var denoised: Bool

        /// An outcome with these findings.
        public init(cleaned: Bool, humFrequency: Int?, noiseLevel: Double?, denoised: Bool) {
            self.cleaned = cleaned
            self.humFrequency = humFrequency
            self.noiseLevel = noiseLevel
            self.denoised = denoised
        }
    }

    /// What the levelling pass measured and chose for one item.
    public struct LevellingOutcome: Hashable, Sendable {
        /// The item's speech-gated loudness as recorded (after cleanup), in LUFS; nil when it had none to measure.
        public var speechLoudness: Double?
        /// The loudness its speech was brought to, in LUFS; nil when it was left alone.
        public var target: Double?
        /// The static gain that matches it to the target, in dB (0 when left alone).
        public var matchingGain: Double
        /// The lowest and highest gain the leveler applies inside the item (the match with the ride), in dB.
        public var gainRange: ClosedRange<Double>

        /// An outcome with these figures.
        public init(speechLoudness: Double?, target: Double?, matchingGain: Double, gainRange: ClosedRange<Double>) {
            self.speechLoudness = speechLoudness
            self.target = target
            self.matchingGain = matchingGain
            self.gainRange = gainRange
        }
    }
}
