import Foundation

/// A volume: a linear gain factor from 0 (silence) to ``maximum`` (+24 dB),
/// 1 meaning unchanged.
///
/// Users type it as a factor (`0.8`) or in decibels (`-6dB`, `-6 dB`, `+3db`);
/// project files hold a number (the factor) or such a string. ``init(parsing:)``
/// is the one parser for both, ``expected`` the one description of the range.
public struct Gain: Hashable, Sendable, Comparable {
    /// The linear factor, from 0 to ``maximum``'s.
    public let factor: Double

    /// +24 dB, the loudest gain accepted: `10^(24/20)` ≈ 15.8489.
    public static let maximum = Gain(unchecked: decibelsToFactor(24))
    /// 1: the audio as it is.
    public static let unity = Gain(unchecked: 1)
    /// 0: silence.
    public static let silence = Gain(unchecked: 0)

    /// What users may give, for messages.
    public static let expected = "a gain from 0 to 15.8489 like 0.8, or decibels up to +24 dB like \"-6dB\""

    private init(unchecked factor: Double) {
        self.factor = factor + 0  // -0 reads as 0
    }

    /// The gain of linear `factor`.
    ///
    /// - Throws: ``QuantityError`` unless `factor` is finite, not negative and at most ``maximum``.
    public init(factor: Double) throws(QuantityError) {
        guard factor.isFinite, factor >= 0, factor <= Self.maximum.factor else {
            throw QuantityError(value: QuantityError.number(factor), expected: Self.expected)
        }
        self.init(unchecked: factor)
    }

    /// The gain of `decibels` dB: `10^(dB/20)`; `-infinity` is silence.
    ///
    /// - Throws: ``QuantityError`` for NaN or more than +24 dB.
    public init(decibels: Double) throws(QuantityError) {
        guard !decibels.isNaN, decibels <= 24 else {
            throw QuantityError(value: QuantityError.number(decibels) + " dB", expected: Self.expected)
        }
        self.init(unchecked: min(Self.decibelsToFactor(decibels), Self.maximum.factor))
    }

    /// Reads a gain as users type it: a factor (`0.8`) or decibels (`-6dB`,
    /// `-6 dB`, `+3 db`; the unit in any case).
    ///
    /// - Throws: ``QuantityError`` quoting `text` for anything else, or a
    ///   value outside 0 to +24 dB.
    public init(parsing text: String) throws(QuantityError) {
        guard let number = DecimalText(text), number.unit.isEmpty || number.unit.lowercased() == "db" else {
            throw QuantityError(value: MessageText.quoted(text), expected: Self.expected)
        }
        let refused = { (reason: String?) in QuantityError(value: MessageText.quoted(text), reason: reason, expected: Self.expected) }
        if number.unit.isEmpty {
            guard !number.isNegative || number.value == 0 else { throw refused("a factor cannot be negative") }
            guard let gain = try? Gain(factor: number.value) else { throw refused("above +24 dB") }
            self = gain
        } else {
            guard number.isAtMost(24), let gain = try? Gain(decibels: number.value) else { throw refused("above +24 dB") }
            self = gain
        }
    }

    /// `10^(dB/20)`, the one conversion from decibels to a factor.
    public static func decibelsToFactor(_ decibels: Double) -> Double {
        pow(10, decibels / 20)
    }

    /// `20·log10(factor)`, the one conversion from a linear factor (a gain, a
    /// sample's or a peak's magnitude) to decibels; `-infinity` for 0 or less.
    public static func decibels(ofFactor factor: Double) -> Double {
        factor > 0 ? 20 * log10(factor) : -.infinity
    }

    /// The gain in decibels, `20·log10(factor)`; `-infinity` for silence.
    public var decibels: Double { Self.decibels(ofFactor: factor) }

    public static func < (lhs: Gain, rhs: Gain) -> Bool { lhs.factor < rhs.factor }
}

extension Gain: ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
    /// A gain written in code, such as `0.8`; a literal out of range is a programming error.
    public init(floatLiteral value: Double) {
        precondition(value.isFinite && value >= 0 && value <= Self.maximum.factor, "gain literal \(value) is outside 0 to +24 dB")
        self.init(unchecked: value)
    }

    /// A whole gain written in code, such as `1`; a literal out of range is a programming error.
    public init(integerLiteral value: Int) {
        self.init(floatLiteral: Double(value))
    }
}

extension Gain: CustomStringConvertible {
    /// The factor, as it would be written in a project file: `0.8`, `1`.
    public var description: String { QuantityError.number(factor) }
}
