import MixdownTime

/// A reason a limiter could not be made, with a message meant for users.
///
/// Every failing operation in `MixdownDynamics` throws exactly this type;
/// ``description`` is one line naming the setting and the value refused.
public enum LimiterError: Error, Equatable, Sendable {
    /// A setting of ``LimiterSettings`` is outside its range: its name, the
    /// value given, and what would have been accepted.
    case settingOutOfRange(name: String, value: String, expected: String)

    /// The static gain applied before the limiter is negative, infinite or NaN.
    case invalidInputGain(Double)

    /// A ``ThresholdMap`` span is empty, out of order, overlapping another, or
    /// has a factor outside (0, 1]; `reason` says which.
    case invalidThresholdMap(reason: String)

    /// A time setting did not convert to samples at the rate.
    case time(MediaTimeError)
}

extension LimiterError: CustomStringConvertible {
    /// A one-line message naming the offending value.
    public var description: String {
        switch self {
        case .settingOutOfRange(let name, let value, let expected):
            return "limiter \(name) \(value): expected \(expected)"
        case .invalidInputGain(let gain):
            return "limiter input gain must be a finite factor of at least 0, got \(gain)"
        case .invalidThresholdMap(let reason):
            return "limiter threshold map: \(reason)"
        case .time(let error):
            return error.description
        }
    }
}
