/// A bounded level in decibels that users set: one parser, one range, one default.
///
/// Typed as `-12`, `-12dB` or `-12 dB` (the unit in any case, or the level's own
/// unit: `-16 LUFS`, `-1 dBTP`, `15 LU`); a project file holds the number.
/// ``DuckDepth``, ``SpeechThreshold``, ``LoudnessLevel``, ``TruePeakCeiling``
/// and ``LoudnessGap`` are the five.
public protocol DecibelLevel: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The unit the level is written in, for messages: `dB`, `LUFS`, `dBTP`, `LU`.
    static var unit: String { get }
    /// The units it may be typed with, lower-cased (`""` for none).
    static var acceptedUnits: Set<String> { get }
    /// The accepted values, in ``unit``.
    static var range: ClosedRange<Double> { get }
    /// The value when none is given.
    static var standard: Self { get }
    /// The level in dB, inside ``range``.
    var decibels: Double { get }
    /// Makes a level already checked against ``range``.
    init(uncheckedDecibels: Double)
}

extension DecibelLevel {
    public static var unit: String { "dB" }
    public static var acceptedUnits: Set<String> { ["", "db", unit.lowercased()] }

    /// What users may give, for messages: `a number of dB from -120 to 0, like -12`.
    public static var expected: String {
        "a number of \(unit) from \(QuantityError.number(range.lowerBound)) to \(QuantityError.number(range.upperBound)), "
            + "like \(QuantityError.number(standard.decibels))"
    }

    /// The level of `decibels` dB.
    ///
    /// - Throws: ``QuantityError`` outside ``range`` (or for NaN).
    public init(decibels: Double) throws(QuantityError) {
        guard Self.range.contains(decibels) else {
            throw QuantityError(value: QuantityError.number(decibels), expected: Self.expected)
        }
        self.init(uncheckedDecibels: decibels + 0)
    }

    /// Reads a level as users type it: `-12`, `-12dB` or `-12 dB` (or in the level's ``unit``).
    ///
    /// - Throws: ``QuantityError`` quoting `text` for anything else or a value outside ``range``.
    public init(parsing text: String) throws(QuantityError) {
        guard let number = DecimalText(text), Self.acceptedUnits.contains(number.unit.lowercased()) else {
            throw QuantityError(value: MessageText.quoted(text), expected: Self.expected)
        }
        guard Self.range.contains(number.value) else {
            throw QuantityError(value: MessageText.quoted(text), expected: Self.expected)
        }
        self.init(uncheckedDecibels: number.value + 0)
    }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.decibels < rhs.decibels }

    /// A level written in code, such as `-12`; a literal out of range is a programming error.
    public init(floatLiteral value: Double) {
        precondition(Self.range.contains(value), "\(Self.self) literal \(value) is outside \(Self.range)")
        self.init(uncheckedDecibels: value + 0)
    }

    /// A whole level written in code, such as `-12`; a literal out of range is a programming error.
    public init(integerLiteral value: Int) {
        self.init(floatLiteral: Double(value))
    }

    /// `-12 dB`, `-16 LUFS`.
    public var description: String { "\(QuantityError.number(decibels)) \(Self.unit)" }
}

/// How far ducked audio goes down, in dB: from -120 (all but silent) to 0 (not at all).
public struct DuckDepth: DecibelLevel, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
    public static let range = -120.0...0.0
    public static let standard = DuckDepth(uncheckedDecibels: -12)
    public let decibels: Double
    public init(uncheckedDecibels decibels: Double) { self.decibels = decibels }

    /// The linear gain of the ducked audio: `10^(dB/20)`.
    public var gain: Double { Gain.decibelsToFactor(decibels) }
}

/// The lowest level of the speech band (300–3400 Hz), in dBFS, that the speech
/// detector can count as speech: from -120 to 0 (a full-scale sine in the band
/// reads -3). Quieter sound is never speech, however it stands above its noise.
public struct SpeechThreshold: DecibelLevel, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
    public static let range = -120.0...0.0
    public static let standard = SpeechThreshold(uncheckedDecibels: -60)
    public let decibels: Double
    public init(uncheckedDecibels decibels: Double) { self.decibels = decibels }
}
