import Foundation

/// Where an item sits between the speakers: −1 hard left, 0 centre, 1 hard right.
///
/// The law is constant power relative to the centre: at position p the left and
/// right gains are `√2·cos θ` and `√2·sin θ` with `θ = (p + 1)·π/4`, so the centre
/// leaves the item as it is (1, 1), the sum of the two gains' squares is always 2
/// (the loudness of the item does not change as it moves), and hard left is
/// +3 dB on the left and silence on the right. A stereo item is balanced the same
/// way: its left channel goes through the left gain, its right through the right.
///
/// Typed as a number from -1 to 1 (`-0.3`); a project file holds the number.
public struct Pan: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The position, from -1 (left) to 1 (right).
    public let position: Double

    /// The centre: both channels as they are.
    public static let center = Pan(unchecked: 0)
    /// What users may give, for messages.
    public static let expected = "a pan from -1 (left) to 1 (right), like -0.3; 0 is the centre"

    private init(unchecked position: Double) {
        self.position = position + 0
    }

    /// The pan at `position`.
    ///
    /// - Throws: ``QuantityError`` outside -1 to 1 (or for NaN).
    public init(position: Double) throws(QuantityError) {
        guard (-1.0...1.0).contains(position) else {
            throw QuantityError(value: QuantityError.number(position), expected: Self.expected)
        }
        self.init(unchecked: position)
    }

    /// Reads a pan as users type it: a number from -1 to 1.
    ///
    /// - Throws: ``QuantityError`` quoting `text` for anything else.
    public init(parsing text: String) throws(QuantityError) {
        guard let number = DecimalText(text), number.unit.isEmpty, (-1.0...1.0).contains(number.value) else {
            throw QuantityError(value: MessageText.quoted(text), expected: Self.expected)
        }
        self.init(unchecked: number.value)
    }

    /// The gains of the left and right channels (see the type's summary).
    public var gains: (left: Double, right: Double) {
        // The ends and the centre exactly, where cos and sin of π-multiples are not.
        if position == 0 { return (1, 1) }
        if position == -1 { return (2.0.squareRoot(), 0) }
        if position == 1 { return (0, 2.0.squareRoot()) }
        let angle = (position + 1) * Double.pi / 4
        return (2.0.squareRoot() * cos(angle), 2.0.squareRoot() * sin(angle))
    }

    public static func < (lhs: Pan, rhs: Pan) -> Bool { lhs.position < rhs.position }

    /// The position, as a project file holds it: `-0.3`.
    public var description: String { QuantityError.number(position) }
}

extension Pan: ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
    /// A pan written in code, such as `-0.3`; a literal out of range is a programming error.
    public init(floatLiteral value: Double) {
        precondition((-1.0...1.0).contains(value), "pan literal \(value) is outside -1 to 1")
        self.init(unchecked: value)
    }

    /// A whole pan written in code: -1, 0 or 1.
    public init(integerLiteral value: Int) {
        self.init(floatLiteral: Double(value))
    }
}
