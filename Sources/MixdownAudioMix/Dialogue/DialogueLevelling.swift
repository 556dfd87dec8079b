import MixdownTime

/// What the dialogue leveler does to one item: its speech loudness before, the
/// target, the static matching gain, and the gain curve (match and ride together).
///
/// Made by `DialogueLeveler.levellings(of:)`; ``segments()`` and
/// ``layer(for:)`` turn it into gain for the mix.
public struct DialogueLevelling: Hashable, Sendable {
    /// Why an item was left at unity.
    public enum Unlevelled: String, Hashable, Sendable {
        /// Nothing in it reaches −70 LUFS.
        case silent
        /// The detector found no speech in it (or none that reaches −70 LUFS).
        case noSpeech = "no speech"
    }

    /// The item on the timeline.
    public let timeRange: MediaTimeRange
    /// How the item was asked to be levelled.
    public let level: DialogueSettings.Level
    /// Speech-gated loudness before levelling, LUFS; nil without speech above −70 LUFS.
    public let speechLoudness: Double?
    /// The loudness the item is brought to, LUFS; nil when `loudest` names none (no
    /// item has speech).
    public let target: Double?
    /// The static gain, dB: `target − speechLoudness` within ±maxGain; 0 when unlevelled.
    public let matchingGain: Double
    /// The gain curve on the timeline, dB, inside ``timeRange``, sorted by time: one
    /// keyframe for a static gain, the ride's points for `adaptive`. Never empty.
    public let keyframes: [DialogueKeyframe]
    /// Speech-gated loudness with the curve applied (to each hop's energy at its
    /// window's middle), LUFS; nil when ``speechLoudness`` is.
    public let expectedLoudness: Double?
    /// Why the item was left at unity, when it was though asked to be levelled.
    public let unlevelled: Unlevelled?

    /// One line for users when ``unlevelled`` is set: `dialogue 2s–9s: no speech
    /// detected, left unlevelled`.
    public var warning: String? {
        guard let unlevelled else { return nil }
        let why = switch unlevelled {
        case .silent: "silent (nothing reaches -70 LUFS)"
        case .noSpeech: "no speech detected"
        }
        return "dialogue \(timeRange.start.readable)–\(timeRange.end.readable): \(why), left unlevelled"
    }

    /// A levelling; `keyframes` must be sorted, inside `timeRange`, and not empty.
    internal init(timeRange: MediaTimeRange, level: DialogueSettings.Level, speechLoudness: Double?, target: Double?,
                  matchingGain: Double, keyframes: [DialogueKeyframe], expectedLoudness: Double?, unlevelled: Unlevelled?) {
        precondition(!keyframes.isEmpty, "a levelling has at least one keyframe")
        self.timeRange = timeRange
        self.level = level
        self.speechLoudness = speechLoudness
        self.target = target
        self.matchingGain = matchingGain
        self.keyframes = keyframes
        self.expectedLoudness = expectedLoudness
        self.unlevelled = unlevelled
    }

    /// The curve's gain at `time`, dB: held before the first keyframe and after the
    /// last, linear in dB between two (the `decibel` ramp ``segments()`` draws).
    public func gain(at time: MediaTime) -> Double {
        guard let after = keyframes.firstIndex(where: { $0.time > time }) else { return keyframes[keyframes.count - 1].gain }
        guard after > 0 else { return keyframes[0].gain }
        let (a, b) = (keyframes[after - 1], keyframes[after])
        guard a.gain != b.gain, let done = try? time - a.time, let length = try? b.time - a.time else { return a.gain }
        return a.gain + (b.gain - a.gain) * done.seconds / length.seconds
    }
}
