/// The corner of dialogue cleanup's rumble filter, in Hz: from 20 to 300, 80 by
/// default. Typed `80`, `80Hz`, `80 Hz`.
public struct HighpassFrequency: Hashable, Sendable, CustomStringConvertible {
    /// The accepted corners.
    public static let range = 20.0...300.0
    /// 80 Hz: under every voice's fundamental, over rumble and handling noise.
    public static let standard = HighpassFrequency(unchecked: 80)
    /// What users may give, for messages.
    public static let expected = "a frequency in Hz from 20 to 300, like 80, or off"

    /// The corner in Hz.
    public let hertz: Double

    private init(unchecked hertz: Double) { self.hertz = hertz + 0 }

    /// The corner `hertz`.
    ///
    /// - Throws: ``QuantityError`` outside ``range`` (or for NaN).
    public init(hertz: Double) throws(QuantityError) {
        guard Self.range.contains(hertz) else { throw QuantityError(value: QuantityError.number(hertz), expected: Self.expected) }
        self.init(unchecked: hertz)
    }

    /// Reads a corner as users type it: `80`, `80Hz`, `80 Hz`.
    ///
    /// - Throws: ``QuantityError`` quoting `text` for anything else or a value outside ``range``.
    public init(parsing text: String) throws(QuantityError) {
        guard let number = DecimalText(text), number.unit.isEmpty || number.unit.lowercased() == "hz",
              Self.range.contains(number.value)
        else { throw QuantityError(value: MessageText.quoted(text), expected: Self.expected) }
        self.init(unchecked: number.value)
    }

    /// `80 Hz`.
    public var description: String { "\(QuantityError.number(hertz)) Hz" }
}
