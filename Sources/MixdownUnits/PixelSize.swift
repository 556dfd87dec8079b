/// A picture size in pixels (a render size), both sides even, from 16 to 8192.
///
/// Typed as `1280x720` (`x`, `X` or `×`). Even because 4:2:0 chroma covers
/// 2×2 pixels; bounded by what H.264 levels and players handle.
public struct PixelSize: Hashable, Sendable, CustomStringConvertible {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int

    /// The accepted length of a side.
    public static let sideRange = 16...8192
    /// What users may give, for messages.
    public static let expected = "WIDTHxHEIGHT, each an even number of pixels from 16 to 8192 (1280x720)"

    /// The size `width × height`.
    ///
    /// - Throws: ``QuantityError`` for an odd side or one outside ``sideRange``.
    public init(width: Int, height: Int) throws(QuantityError) {
        for side in [width, height] where !Self.sideRange.contains(side) || side % 2 != 0 {
            throw QuantityError(value: "\(width)x\(height)",
                                reason: side % 2 != 0 ? "\(side) is odd" : "\(side) is outside 16 to 8192", expected: Self.expected)
        }
        self.width = width
        self.height = height
    }

    /// Reads `1280x720`.
    ///
    /// - Throws: ``QuantityError`` quoting `text` for anything else.
    public init(parsing text: String) throws(QuantityError) {
        let parts = text.trimmingSpaces.split(omittingEmptySubsequences: false, whereSeparator: { "xX×".contains($0) })
        guard parts.count == 2, let width = Int(parts[0].trimmingSpaces), let height = Int(parts[1].trimmingSpaces) else {
            throw QuantityError(value: MessageText.quoted(text), expected: Self.expected)
        }
        try self.init(width: width, height: height)
    }

    public var description: String { "\(width)x\(height)" }
}

extension StringProtocol {
    /// The text without leading and trailing spaces and tabs.
    var trimmingSpaces: Substring {
        let text = Substring(self)
        guard let first = text.firstIndex(where: { $0 != " " && $0 != "\t" }),
              let last = text.lastIndex(where: { $0 != " " && $0 != "\t" }) else { return "" }
        return text[first...last]
    }
}
