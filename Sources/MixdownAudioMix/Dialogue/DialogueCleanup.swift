import MixdownUnits

/// What dialogue cleanup does to an item before it is levelled: a rumble
/// high-pass, hum removal and broadband noise reduction, each off unless asked.
///
/// The signal processing is FFmpeg's (libavfilter, in MixdownMediaIO); the
/// noise profile is learned from the item's own pauses (docs/audio-mix.md,
/// "Dialogue cleanup").
public struct DialogueCleanup: Hashable, Sendable {
    /// The rumble filter's corner; nil for none.
    public var highpass: HighpassFrequency?
    /// Which hum to remove.
    public var dehum: Dehum
    /// How far broadband noise goes down; nil for no noise reduction.
    public var denoise: NoiseReduction?

    /// Cleanup of the given kinds; none by default.
    public init(highpass: HighpassFrequency? = nil, dehum: Dehum = .off, denoise: NoiseReduction? = nil) {
        self.highpass = highpass
        self.dehum = dehum
        self.denoise = denoise
    }

    /// No cleanup at all.
    public static let none = DialogueCleanup()

    /// Whether any of it does something.
    public var isActive: Bool { highpass != nil || dehum != .off || denoise != nil }
}
