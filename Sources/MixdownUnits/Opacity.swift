/// How much of a picture shows over what is under it: 0 transparent to 1
/// opaque, linearly (a blend's weight).
///
/// Typed as a number from 0 to 1 (`0.5`); a project file holds the number.
public struct Opacity: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The weight, from 0 (transparent) to 1 (opaque).
    public let value: Double

    /// The accepted values.
    public static let range = 0.0...1.0
    /// Opaque: the picture as it is, a layer's initial opacity.
    public static let standard = Opacity(unchecked: 1)
    /// Nothing shows.
    public static let transparent = Opacity(unchecked: 0)
    /// What users may give, for messages.
    public static let expected = "an opacity from 0 (transparent) to 1 (opaque), like 0.5"

    private init(unchecked value: Double) {
        self.value = value + 0  // -0 reads as 0
    }

    /// The opacity `value`.
    ///
    /// - Throws: ``QuantityError`` outside ``range`` (or for NaN).
    public init(value: Double) throws(QuantityError) {
        guard Self.range.contains(value) else { throw QuantityError(value: QuantityError.number(value), expected: Self.expected) }
        self.init(unchecked: value)
    }

    /// Reads an opacity as users type it: a number from 0 to 1.
    ///
    /// - Throws: ``QuantityError`` quoting `text` for anything else.
    public init(parsing text: String) throws(QuantityError) {
        guard let number = DecimalText(text), number.unit.isEmpty, Self.range.contains(number.value) else {
            throw QuantityError(value: MessageText.quoted(text), expected: Self.expected)
        }
        self.init(unchecked: number.value)
    }

    /// The opacity `fraction` (0 to 1) of the way from this one to `end`,
    /// linearly; kept in ``range`` where rounding would step past an end.
    public func interpolated(to end: Opacity, fraction: Double) -> Opacity {
        Opacity(unchecked: min(Self.range.upperBound, max(Self.range.lowerBound, value + (end.value - value) * fraction)))
    }

    public static func < (lhs: Opacity, rhs: Opacity) -> Bool { lhs.value < rhs.value }

    /// The number, as a project file holds it: `0.5`, `1`.
    public var description: String { QuantityError.number(value) }
}

extension Opacity: ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
    /// An opacity written in code, such as `0.5`; a literal out of range is a programming error.
    public init(floatLiteral value: Double) {
        precondition(Self.range.contains(value), "opacity literal \(value) is outside 0 to 1")
        self.init(unchecked: value)
    }

    /// A whole opacity written in code: 0 or 1.
    public init(integerLiteral value: Int) {
        self.init(floatLiteral: Double(value))
    }
}
