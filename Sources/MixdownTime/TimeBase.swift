/// The length of one tick of a stream's timestamps: `numerator / denominator`
/// seconds, such as 1/90000 for MPEG video or 1/48000 for 48 kHz audio
/// (FFmpeg's `AVStream.time_base`).
///
/// Equality and hashing are exact on the rational value: 2/96000 == 1/48000.
/// Conversions to and from ``MediaTime`` are exact where the result fits and
/// otherwise use the project's one rounding rule, half up (see docs/time.md).
public struct TimeBase: Sendable {
    /// Seconds per `denominator` ticks; always greater than zero.
    public let numerator: Int32

    /// Ticks per `numerator` seconds; always greater than zero.
    public let denominator: Int32

    /// Makes a time base of `numerator / denominator` seconds per tick.
    ///
    /// - Throws: ``MediaTimeError/invalidTimescale(_:)`` (naming the
    ///   denominator, or the numerator when only it is wrong) unless both
    ///   parts are positive.
    public init(_ numerator: Int32, _ denominator: Int32) throws(MediaTimeError) {
        guard denominator > 0 else { throw .invalidTimescale(Int64(denominator)) }
        guard numerator > 0 else { throw .invalidTimescale(Int64(numerator)) }
        self.numerator = numerator
        self.denominator = denominator
    }

    /// One tick per sample at `sampleRate` Hz: `1 / sampleRate`.
    ///
    /// - Throws: ``MediaTimeError/invalidSampleRate(_:)`` if `sampleRate <= 0`.
    public init(sampleRate: Int32) throws(MediaTimeError) {
        guard sampleRate > 0 else { throw .invalidSampleRate(sampleRate) }
        self.init(uncheckedNumerator: 1, denominator: sampleRate)
    }

    private init(uncheckedNumerator numerator: Int32, denominator: Int32) {
        self.numerator = numerator
        self.denominator = denominator
    }

    /// The length of one tick as a time, exactly.
    public var tick: MediaTime {
        MediaTime(uncheckedValue: Int64(numerator), timescale: denominator)
    }
}

extension TimeBase: Hashable {
    /// Whether both are the same tick length, whatever their representations.
    public static func == (lhs: TimeBase, rhs: TimeBase) -> Bool {
        Int64(lhs.numerator) * Int64(rhs.denominator) == Int64(rhs.numerator) * Int64(lhs.denominator)
    }

    /// Hashes the reduced fraction, so equal time bases hash alike.
    public func hash(into hasher: inout Hasher) {
        let divisor = Int32(greatestCommonDivisor(UInt64(numerator), UInt64(denominator)))
        hasher.combine(numerator / divisor)
        hasher.combine(denominator / divisor)
    }
}

extension TimeBase: CustomStringConvertible {
    /// `"1/90000"`, as given.
    public var description: String {
        "\(numerator)/\(denominator)"
    }
}

extension TimeBase: Codable {
    private enum CodingKeys: String, CodingKey {
        case numerator, denominator
    }

    /// Decodes `{"numerator": 1, "denominator": 90000}`, refusing parts that are not positive.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        try self.init(try container.decode(Int32.self, forKey: .numerator),
                      try container.decode(Int32.self, forKey: .denominator))
    }

    /// Encodes `{"numerator": 1, "denominator": 90000}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(numerator, forKey: .numerator)
        try container.encode(denominator, forKey: .denominator)
    }
}
