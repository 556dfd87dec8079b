/// The session's sample rate, in whole hertz from 8000 to 384000.
///
/// Typed as `48000` (or `48000 Hz`); a project file holds the number.
public struct SampleRate: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// Samples per second per channel.
    public let hertz: Int32

    /// The accepted rates.
    public static let range: ClosedRange<Int32> = 8_000...384_000
    /// 48 kHz, the rate of video.
    public static let standard = SampleRate(unchecked: 48_000)
    /// What users may give, for messages.
    public static let expected = "a whole number of Hz from 8000 to 384000"

    private init(unchecked hertz: Int32) {
        self.hertz = hertz
    }

    /// The rate of `hertz` Hz.
    ///
    /// - Throws: ``QuantityError`` outside ``range``.
    public init(hertz: Int) throws(QuantityError) {
        guard let value = Int32(exactly: hertz), Self.range.contains(value) else {
            throw QuantityError(value: "\(hertz)", expected: Self.expected)
        }
        self.init(unchecked: value)
    }

    /// The rate of a number given as a `Double` (a JSON number): whole and inside ``range``.
    ///
    /// - Throws: ``QuantityError`` for a fraction or a value outside ``range``.
    public init(number: Double) throws(QuantityError) {
        guard let whole = Int(exactly: number) else {
            throw QuantityError(value: QuantityError.number(number), expected: Self.expected)
        }
        try self.init(hertz: whole)
    }

    /// Reads a rate as users type it: `48000` or `48000 Hz`.
    ///
    /// - Throws: ``QuantityError`` quoting `text` for anything else.
    public init(parsing text: String) throws(QuantityError) {
        guard let number = DecimalText(text), number.fractionDigits.isEmpty, !number.isNegative,
              number.unit.isEmpty || number.unit.lowercased() == "hz", let hertz = Int(exactly: number.value)
        else { throw QuantityError(value: MessageText.quoted(text), expected: Self.expected) }
        do { try self.init(hertz: hertz) } catch { throw QuantityError(value: MessageText.quoted(text), expected: Self.expected) }
    }

    public static func < (lhs: SampleRate, rhs: SampleRate) -> Bool { lhs.hertz < rhs.hertz }

    /// `48000 Hz`.
    public var description: String { "\(hertz) Hz" }
}

extension SampleRate: ExpressibleByIntegerLiteral {
    /// A rate written in code, such as `48_000`; a literal out of range is a programming error.
    public init(integerLiteral value: Int) {
        precondition(Self.range.contains(Int32(value)), "SampleRate literal \(value) is outside \(Self.range)")
        self.init(unchecked: Int32(value))
    }
}
