/// The length of one tick of a stream's timestamps: `numerator / denominator`
/// seconds, such as 1/90000 for MPEG video or 1/48000 for 48 kHz audio
/// (FFmpeg's `AVStream.time_base`).
///
/// Equality and hashing are exact on the rational value: 2/96000 == 1/48000.
/// Conversions to and from ``MediaTime`` are exact where the result fits and
/// otherwise use the project's one rounding rule, half up (see docs/time.md).
public struct TimeBase: Sendable {
    private let fraction: PositiveFraction

    /// Seconds per `denominator` ticks; always greater than zero.
    public var numerator: Int32 { fraction.numerator }

    /// Ticks per `numerator` seconds; always greater than zero.
    public var denominator: Int32 { fraction.denominator }

    /// Makes a time base of `numerator / denominator` seconds per tick.
    ///
    /// - Throws: ``MediaTimeError/invalidTimescale(_:)`` (naming the
    ///   denominator, or the numerator when only it is wrong) unless both
    ///   parts are positive.
    public init(_ numerator: Int32, _ denominator: Int32) throws(MediaTimeError) {
        guard denominator > 0 else { throw .invalidTimescale(Int64(denominator)) }
        guard let fraction = PositiveFraction(numerator, denominator) else { throw .invalidTimescale(Int64(numerator)) }
        self.fraction = fraction
    }

    /// One tick per sample at `sampleRate` Hz: `1 / sampleRate`; the clock of
    /// a stream's samples at its own rate, as the file states it (which may lie
    /// outside `SampleRate.range`, the rates a session runs at). Its
    /// ``time(ticks:)`` is the time of a sample, ``ticks(_:)`` the sample a
    /// time falls on, by ``MediaTime/sampleIndex(sampleRate:)``'s rule.
    ///
    /// - Throws: ``MediaTimeError/invalidSampleRate(_:)`` if `sampleRate <= 0`.
    public init(sampleRate: Int32) throws(MediaTimeError) {
        guard let fraction = PositiveFraction(1, sampleRate) else { throw .invalidSampleRate(sampleRate) }
        self.fraction = fraction
    }

    /// The length of one tick as a time, exactly.
    public var tick: MediaTime {
        MediaTime(uncheckedValue: Int64(numerator), timescale: denominator)
    }
}

extension TimeBase: Hashable, Codable {
    /// Whether both are the same tick length, whatever their representations.
    public static func == (lhs: TimeBase, rhs: TimeBase) -> Bool { lhs.fraction == rhs.fraction }

    /// Hashes the reduced fraction, so equal time bases hash alike.
    public func hash(into hasher: inout Hasher) { hasher.combine(fraction) }

    /// Decodes `{"numerator": 1, "denominator": 90000}`, refusing parts that are not positive.
    public init(from decoder: any Decoder) throws { fraction = try PositiveFraction(from: decoder) }

    /// Encodes `{"numerator": 1, "denominator": 90000}`.
    public func encode(to encoder: any Encoder) throws { try fraction.encode(to: encoder) }
}

extension TimeBase: CustomStringConvertible {
    /// `"1/90000"`, as given.
    public var description: String {
        "\(numerator)/\(denominator)"
    }
}
