/// A background colour, as 8-bit R'G'B' (sRGB/BT.709 primaries, gamma-encoded).
///
/// Typed as `#RRGGBB`, `#RGB` or a name (`black`, `white`, `grey`/`gray`, `red`,
/// `green`, `blue`); shown as `#rrggbb`.
public struct Colour: Hashable, Sendable, CustomStringConvertible {
    /// Red, 0 to 255.
    public let red: UInt8
    /// Green, 0 to 255.
    public let green: UInt8
    /// Blue, 0 to 255.
    public let blue: UInt8

    /// Black, the default background.
    public static let black = Colour(red: 0, green: 0, blue: 0)
    /// What users may give, for messages.
    public static let expected = "#RRGGBB, #RGB or one of " + names.map(\.name).joined(separator: ", ")

    private static let names: [(name: String, colour: Colour)] = [
        ("black", .black), ("white", Colour(red: 255, green: 255, blue: 255)), ("grey", Colour(red: 128, green: 128, blue: 128)),
        ("gray", Colour(red: 128, green: 128, blue: 128)), ("red", Colour(red: 255, green: 0, blue: 0)),
        ("green", Colour(red: 0, green: 128, blue: 0)), ("blue", Colour(red: 0, green: 0, blue: 255)),
    ]

    /// The colour of three 8-bit components.
    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// Reads `#1a2b3c`, `#abc` or a name, in any case.
    ///
    /// - Throws: ``QuantityError`` quoting `text` for anything else.
    public init(parsing text: String) throws(QuantityError) {
        let typed = text.trimmingSpaces.lowercased()
        if let named = Self.names.first(where: { $0.name == typed }) {
            self = named.colour
            return
        }
        guard let bytes = Self.hexBytes(typed, count: 3) else {
            throw QuantityError(value: MessageText.quoted(text), expected: Self.expected)
        }
        self.init(red: bytes[0], green: bytes[1], blue: bytes[2])
    }

    /// The `count` bytes of `#` and `2 × count` hex digits, or of `#` and
    /// `count` digits each repeated (`#abc` is `#aabbcc`); nil for anything else.
    static func hexBytes(_ text: String, count: Int) -> [UInt8]? {
        let digits = text.hasPrefix("#") ? Array(text.dropFirst()) : []
        // ASCII only: `hexDigitValue` also reads fullwidth forms (`＃ＡＢＣ`), which no other setting accepts.
        let values = digits.compactMap { $0.isASCII ? $0.hexDigitValue : nil }
        guard values.count == digits.count, digits.count == 2 * count || digits.count == count else { return nil }
        return digits.count == 2 * count
            ? (0..<count).map { (index: Int) -> UInt8 in UInt8(values[2 * index] * 16 + values[2 * index + 1]) }
            : values.map { (value: Int) -> UInt8 in UInt8(value * 17) }
    }

    /// The colour in 8-bit video-range Y'CbCr by `matrix` (what the compositor
    /// fills with): luma 16 to 235, chroma 16 to 240, rounded.
    public func videoRangeYCbCr(_ matrix: YCbCrMatrix) -> (y: UInt8, cb: UInt8, cr: UInt8) {
        let (kr, kb) = matrix.weights
        let r = Double(red) / 255, g = Double(green) / 255, b = Double(blue) / 255
        let luma = kr * r + (1 - kr - kb) * g + kb * b
        func byte(_ value: Double) -> UInt8 { UInt8(max(0, min(255, value.rounded()))) }
        return (byte(16 + 219 * luma), byte(128 + 224 * (b - luma) / (2 - 2 * kb)), byte(128 + 224 * (r - luma) / (2 - 2 * kr)))
    }

    public var description: String {
        "#" + [red, green, blue].map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }
}
