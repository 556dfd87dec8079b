/// Which mains hum dialogue cleanup removes (the fundamental and its harmonics):
/// found in the recording (`auto`), forced (`50`, `60`), or none (`off`).
public enum Dehum: Hashable, Sendable, CustomStringConvertible {
    /// Hum at whichever of 50 and 60 Hz the recording's pauses show, if either.
    case auto
    /// Hum at this mains frequency, 50 or 60 Hz.
    case mains(Int)
    /// No hum removal.
    case off

    /// What users may give, for messages.
    public static let expected = "auto, 50, 60 or off"

    /// Reads `auto`, `50`, `60` (`50Hz`) or `off`.
    ///
    /// - Throws: ``QuantityError`` quoting `text` for anything else.
    public init(parsing text: String) throws(QuantityError) {
        switch text.lowercased() {
        case "auto": self = .auto
        case "off": self = .off
        case "50", "50hz", "50 hz": self = .mains(50)
        case "60", "60hz", "60 hz": self = .mains(60)
        default: throw QuantityError(value: MessageText.quoted(text), expected: Self.expected)
        }
    }

    /// `auto`, `50`, `60`, `off`: as typed.
    public var description: String {
        switch self {
        case .auto: "auto"
        case .mains(let hertz): String(hertz)
        case .off: "off"
        }
    }
}
