/// The loudness dialogue is levelled to: the loudest speaker's (each item's
/// speech measured, the loudest kept), or an absolute level in LUFS.
public enum DialogueTarget: Hashable, Sendable, CustomStringConvertible {
    /// The speech-gated loudness of the loudest dialogue item.
    case loudest
    /// This speech-gated loudness.
    case loudness(LoudnessLevel)

    /// The default: the loudest speaker's, so that levelling only lifts.
    public static let standard = DialogueTarget.loudest
    /// What users may give, for messages.
    public static let expected = "loudest, or \(LoudnessLevel.expected)"

    /// Reads `loudest` or a loudness (`-23`, `-23 LUFS`).
    ///
    /// - Throws: ``QuantityError`` quoting `text` for anything else.
    public init(parsing text: String) throws(QuantityError) {
        if text.lowercased() == "loudest" {
            self = .loudest
            return
        }
        guard let level = try? LoudnessLevel(parsing: text) else {
            throw QuantityError(value: MessageText.quoted(text), expected: Self.expected)
        }
        self = .loudness(level)
    }

    /// `loudest` or `-23 LUFS`.
    public var description: String {
        switch self {
        case .loudest: "loudest"
        case .loudness(let level): level.description
        }
    }
}
