/// What dialogue cleanup found and did to one item: the hum it removed, the
/// noise it learned, and why it skipped a step.
public struct CleanupReport: Sendable, Hashable {
    /// The mains frequency whose hum was notched out (50 or 60 Hz), found or forced; nil when none was.
    public var humFrequency: Int?
    /// Whether `Dehum.auto` found the hum in the pauses (false when it was forced, off, or not found).
    public var humDetected: Bool
    /// The pauses' level before cleanup, in dBFS (RMS over both channels); nil without pause audio.
    public var noiseLevel: Double?
    /// Whether broadband noise reduction ran (asked for, and enough pause audio to learn the noise from).
    public var denoised: Bool
    /// Why a step asked for was skipped, for the user; nil when all ran.
    public var warning: String?

    /// A report of these findings.
    public init(humFrequency: Int?, humDetected: Bool, noiseLevel: Double?, denoised: Bool, warning: String?) {
        self.humFrequency = humFrequency
        self.humDetected = humDetected
        self.noiseLevel = noiseLevel
        self.denoised = denoised
        self.warning = warning
    }
}
