/// A colour with transparency, for what is drawn over the picture (text, its
/// outline and shadow, boxes): 8-bit R'G'B' as ``Colour``, and an alpha from 0
/// (transparent) to 255 (opaque), straight (not premultiplied).
///
/// Typed as `#RRGGBBAA`, `#RGBA`, or anything ``Colour`` reads (opaque), and
/// `transparent`; shown as `#rrggbb`, or `#rrggbbaa` when not opaque.
public struct RGBAColour: Hashable, Sendable, CustomStringConvertible {
    /// The colour.
    public var colour: Colour
    /// Its opacity, 0 (transparent) to 255 (opaque).
    public var alpha: UInt8

    /// Opaque white, the default colour of text.
    public static let white = RGBAColour(colour: Colour(red: 255, green: 255, blue: 255))
    /// Opaque black.
    public static let black = RGBAColour(colour: .black)
    /// Nothing at all.
    public static let transparent = RGBAColour(colour: .black, alpha: 0)
    /// What users may give, for messages.
    public static let expected = "#RRGGBBAA, #RGBA, transparent, or " + Colour.expected

    /// `colour` at `alpha` (opaque by default).
    public init(colour: Colour, alpha: UInt8 = 255) {
        self.colour = colour
        self.alpha = alpha
    }

    /// Reads `#1a2b3c80`, `#abc8`, `transparent`, or a colour ``Colour`` reads, in any case.
    ///
    /// - Throws: ``QuantityError`` quoting `text` for anything else.
    public init(parsing text: String) throws(QuantityError) {
        let typed = text.trimmingSpaces.lowercased()
        if typed == "transparent" {
            self = .transparent
            return
        }
        if let opaque = try? Colour(parsing: text) {
            self.init(colour: opaque)
            return
        }
        guard let bytes = Colour.hexBytes(typed, count: 4) else {
            throw QuantityError(value: MessageText.quoted(text), expected: Self.expected)
        }
        self.init(colour: Colour(red: bytes[0], green: bytes[1], blue: bytes[2]), alpha: bytes[3])
    }

    /// Whether it hides what is under it.
    public var isOpaque: Bool { alpha == 255 }

    public var description: String {
        isOpaque ? colour.description : colour.description + (alpha < 16 ? "0" : "") + String(alpha, radix: 16)
    }
}
