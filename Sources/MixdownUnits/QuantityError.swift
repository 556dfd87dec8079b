/// A value a user gave for a setting that is not one: the value as given and
/// what would have been accepted, for one-line messages.
///
/// The CLI prints it after the flag (`--music-volume 20dB: expected ...`), the
/// project reader after the JSON path (`musicVolume: found "20dB", expected ...`).
public struct QuantityError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The value as the user gave it, shortened and quoted when it is text.
    public let value: String
    /// Why it was refused, when more can be said than ``expected``; nil otherwise.
    public let reason: String?
    /// What would have been accepted, e.g. `a whole number of Hz from 8000 to 384000`.
    public let expected: String

    /// Makes an error for `value` (as shown to the user) and what was expected.
    public init(value: String, reason: String? = nil, expected: String) {
        self.value = value
        self.reason = reason
        self.expected = expected
    }

    /// `"loud": expected a gain ...`, or `"24.5dB" (above +24 dB): expected ...`.
    public var description: String {
        "\(value)\(reason.map { " (\($0))" } ?? ""): expected \(expected)"
    }
}

extension QuantityError {
    /// A number as messages show it: integers without a fraction, others in
    /// the shortest form that reads back to the same value.
    public static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }
}
