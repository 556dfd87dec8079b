/// The language of a text (a caption file, a subtitle track): an ISO 639-2
/// code, three lowercase ASCII letters (`eng`, `deu`, `fra`), as MP4 and MOV
/// tracks record it; `und` when it is not known.
///
/// Typed as the code itself; a project file holds the same string. The form
/// is checked, not the list: any three lowercase letters pass.
public struct LanguageCode: Hashable, Sendable, CustomStringConvertible {
    /// The code, three lowercase ASCII letters.
    public let code: String

    /// Undetermined (`und`): the language of a text nobody named.
    public static let standard = LanguageCode(unchecked: "und")
    /// What users may give, for messages.
    public static let expected = "an ISO 639-2 language code, three lowercase letters like eng or deu (und: not known)"

    private init(unchecked code: String) {
        self.code = code
    }

    /// Reads a code as users type it: exactly three lowercase ASCII letters,
    /// nothing around them (so `english`, `EN` and `en` are refused, not guessed).
    ///
    /// - Throws: ``QuantityError`` quoting `text` for anything else.
    public init(parsing text: String) throws(QuantityError) {
        guard text.unicodeScalars.count == 3, text.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) }) else {
            throw QuantityError(value: MessageText.quoted(text), expected: Self.expected)
        }
        self.init(unchecked: text)
    }

    /// The code: `eng`.
    public var description: String { code }
}
