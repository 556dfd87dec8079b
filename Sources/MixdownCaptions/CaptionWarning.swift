internal import MixdownUnits

/// Something in a caption file that is valid but has no effect (an empty
/// file, a cue that ends where it starts): the file is read without it, and
/// the caller tells the user.
public struct CaptionWarning: Hashable, Sendable, CustomStringConvertible {
    /// The file, as it was named.
    public let path: String
    /// The line it is on, 1 for the first.
    public let line: Int
    /// What is ignored and why.
    public let message: String

    /// Makes a warning about `line` of `path`.
    public init(path: String, line: Int, message: String) {
        self.path = path
        self.line = line
        self.message = message
    }

    /// `subs.vtt:3: the cue ends where it starts (1s); it is never shown`.
    public var description: String {
        "\(MessageText.shown(path)):\(line): \(message)"
    }
}
