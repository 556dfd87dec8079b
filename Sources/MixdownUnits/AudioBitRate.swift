/// The AAC bit rate of an export, in bits per second (both channels together),
/// from 32000 to 512000.
///
/// Typed as `192k`, `192000` or `0.192M`; a project file holds the number.
public struct AudioBitRate: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// Bits per second.
    public let bitsPerSecond: Int

    /// The accepted rates.
    public static let range = 32_000...512_000
    /// 192 kb/s: transparent for stereo AAC-LC on most material.
    public static let standard = AudioBitRate(unchecked: 192_000)
    /// What users may give, for messages.
    public static let expected = "a whole number of bits per second from 32000 to 512000, or 32k to 512k"

    private init(unchecked bitsPerSecond: Int) {
        self.bitsPerSecond = bitsPerSecond
    }

    /// The rate of `bitsPerSecond`.
    ///
    /// - Throws: ``QuantityError`` outside ``range``.
    public init(bitsPerSecond: Int) throws(QuantityError) {
        guard Self.range.contains(bitsPerSecond) else {
            throw QuantityError(value: "\(bitsPerSecond)", expected: Self.expected)
        }
        self.init(unchecked: bitsPerSecond)
    }

    /// The rate of a number given as a `Double` (a JSON number): whole and inside ``range``.
    ///
    /// - Throws: ``QuantityError`` for a fraction or a value outside ``range``.
    public init(number: Double) throws(QuantityError) {
        guard let whole = Int(exactly: number) else {
            throw QuantityError(value: QuantityError.number(number), expected: Self.expected)
        }
        try self.init(bitsPerSecond: whole)
    }

    /// Reads a bit rate as users type it: `192k`, `192000`, `0.192M` (`k` and `M`
    /// in any case, an optional `b/s`-free unit); the result is rounded to whole bits.
    ///
    /// - Throws: ``QuantityError`` quoting `text` for anything else or a rate outside ``range``.
    public init(parsing text: String) throws(QuantityError) {
        let refusal = QuantityError(value: MessageText.quoted(text), expected: Self.expected)
        guard let number = DecimalText(text), !number.isNegative else { throw refusal }
        let scale: Double
        switch number.unit.lowercased() {
        case "": scale = 1
        case "k": scale = 1_000
        case "m": scale = 1_000_000
        default: throw refusal
        }
        let bits = (number.value * scale).rounded()
        guard let whole = Int(exactly: bits), Self.range.contains(whole) else { throw refusal }
        self.init(unchecked: whole)
    }

    public static func < (lhs: AudioBitRate, rhs: AudioBitRate) -> Bool { lhs.bitsPerSecond < rhs.bitsPerSecond }

    /// `192k`, or the exact number when it is not whole kilobits.
    public var description: String {
        bitsPerSecond % 1000 == 0 ? "\(bitsPerSecond / 1000)k" : "\(bitsPerSecond)"
    }
}

extension AudioBitRate: ExpressibleByIntegerLiteral {
    /// A rate written in code, such as `192_000`; a literal out of range is a programming error.
    public init(integerLiteral value: Int) {
        precondition(Self.range.contains(value), "AudioBitRate literal \(value) is outside \(Self.range)")
        self.init(unchecked: value)
    }
}
