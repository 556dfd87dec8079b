import MixdownUnits

/// How dialogue is processed before the duck and the mix: cleaned, then matched
/// to one loudness, then levelled inside each item (docs/audio-mix.md, "Dialogue").
public struct DialogueSettings: Hashable, Sendable {
    /// How dialogue items are levelled.
    public enum Level: String, Hashable, Sendable, CaseIterable {
        /// As recorded.
        case off
        /// One static gain per item, to the target measured on its speech.
        case match
        /// The static gain, and a slow, speech-gated ride inside the item.
        case adaptive
    }

    /// How items are levelled; off by default.
    public var level: Level
    /// The speech loudness items are brought to.
    public var target: DialogueTarget
    /// How far levelling moves an item's gain from unity, either way.
    public var maxGain: LevelerRange
    /// Cleanup before levelling; none by default.
    public var cleanup: DialogueCleanup

    /// Settings with the defaults: no levelling, the loudest speaker's loudness,
    /// ±12 dB, no cleanup.
    public init(level: Level = .off, target: DialogueTarget = .standard, maxGain: LevelerRange = .standard,
                cleanup: DialogueCleanup = .none) {
        self.level = level
        self.target = target
        self.maxGain = maxGain
        self.cleanup = cleanup
    }

    /// Whether anything is done to dialogue.
    public var isActive: Bool { level != .off || cleanup.isActive }
}
