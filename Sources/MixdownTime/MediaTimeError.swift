internal import MixdownUnits

/// A reason a time value could not be made, with a message meant for users.
///
/// Every failing operation in `MixdownTime` throws exactly this type, so a
/// caller can `switch` over the cases or print ``description`` as is.
public enum MediaTimeError: Error, Equatable, Sendable {
    /// An exact result does not fit the representation.
    ///
    /// The payload describes the operation with its operands as messages
    /// show times (``MediaTime/readable``), e.g. `"9223372036854775807s + 1s"`.
    case overflow(String)

    /// A timescale was zero or negative; timescales must be positive.
    case invalidTimescale(Int64)

    /// A stream's sample rate was zero or negative (``TimeBase/init(sampleRate:)``);
    /// sample rates must be positive.
    case invalidSampleRate(Int32)

    /// A frame rate had a zero or negative numerator or denominator.
    case invalidFrameRate(numerator: Int32, denominator: Int32)

    /// A frame duration was zero or negative; frames must last some time.
    case invalidFrameDuration(MediaTime)

    /// A `Double` number of seconds was NaN or infinite.
    case nonFinite(Double)

    /// A range was given a negative duration (or an end before its start).
    case negativeDuration(MediaTime)

    /// Text typed by a user is not a valid time or range.
    ///
    /// The first payload is the whole text as given; `reason` says what is
    /// wrong with it in words a user can act on.
    case invalidString(String, reason: String)
}

extension MediaTimeError: CustomStringConvertible {
    /// A one-line message, e.g.
    /// `time "1:75": seconds must be below 60 when minutes are given`.
    public var description: String {
        switch self {
        case .overflow(let operation):
            return "time arithmetic overflow: \(operation)"
        case .invalidTimescale(let timescale):
            return "timescale must be positive, got \(timescale)"
        case .invalidSampleRate(let rate):
            return "sample rate must be positive, got \(rate)"
        case .invalidFrameRate(let numerator, let denominator):
            return "frame rate must have a positive numerator and denominator, got \(numerator)/\(denominator)"
        case .invalidFrameDuration(let duration):
            return "frame duration must be positive, got \(duration.readable)"
        case .nonFinite(let seconds):
            return "seconds must be a finite number, got \(seconds)"
        case .negativeDuration(let duration):
            return "duration must not be negative, got \(duration.readable)"
        case .invalidString(let text, let reason):
            return "time \(MessageText.quoted(text)): \(reason)"
        }
    }
}
