/// A stretch of text in one style: what a title is (one run) and what a
/// caption's `<i>` and `<b>` make of a line.
public struct TextRun: Hashable, Sendable {
    /// The text; `\n` breaks the line.
    public var text: String
    /// Drawn in the italic (or oblique) face.
    public var isItalic: Bool
    /// Drawn in the bold weight.
    public var isBold: Bool

    /// `text`, upright and at the style's weight unless told otherwise.
    public init(_ text: String, isItalic: Bool = false, isBold: Bool = false) {
        self.text = text
        self.isItalic = isItalic
        self.isBold = isBold
    }
}
