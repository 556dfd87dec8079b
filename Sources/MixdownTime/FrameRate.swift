/// A video frame rate as an exact fraction of frames per second, such as
/// 25/1 or 30000/1001 (NTSC 29.97).
///
/// Equality and hashing are exact on the rational value: 60/2 == 30/1.
public struct FrameRate: Sendable {
    /// Frames per `denominator` seconds; always greater than zero.
    public let numerator: Int32

    /// Seconds per `numerator` frames; always greater than zero.
    public let denominator: Int32

    /// Makes `numerator / denominator` frames per second.
    ///
    /// - Throws: ``MediaTimeError/invalidFrameRate(numerator:denominator:)``
    ///   unless both parts are positive.
    public init(_ numerator: Int32, _ denominator: Int32 = 1) throws(MediaTimeError) {
        guard numerator > 0, denominator > 0 else {
            throw .invalidFrameRate(numerator: numerator, denominator: denominator)
        }
        self.numerator = numerator
        self.denominator = denominator
    }

    /// The length of one frame, exactly `denominator / numerator` seconds.
    public var frameDuration: MediaTime {
        MediaTime(uncheckedValue: Int64(denominator), timescale: numerator)
    }

    /// Frames per second as the nearest `Double`; for display only.
    public var framesPerSecond: Double {
        Double(numerator) / Double(denominator)
    }
}

extension FrameRate: Hashable {
    /// Whether both are the same rate, whatever their representations.
    public static func == (lhs: FrameRate, rhs: FrameRate) -> Bool {
        Int64(lhs.numerator) * Int64(rhs.denominator) == Int64(rhs.numerator) * Int64(lhs.denominator)
    }

    /// Hashes the reduced fraction, so equal rates hash alike.
    public func hash(into hasher: inout Hasher) {
        let divisor = Int32(greatestCommonDivisor(UInt64(numerator), UInt64(denominator)))
        hasher.combine(numerator / divisor)
        hasher.combine(denominator / divisor)
    }
}

extension FrameRate: CustomStringConvertible {
    /// `"25"` for whole rates, otherwise `"30000/1001"`, as given.
    public var description: String {
        denominator == 1 ? "\(numerator)" : "\(numerator)/\(denominator)"
    }
}

extension FrameRate: Codable {
    private enum CodingKeys: String, CodingKey {
        case numerator, denominator
    }

    /// Decodes `{"numerator": 30000, "denominator": 1001}`, refusing parts that are not positive.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        try self.init(try container.decode(Int32.self, forKey: .numerator),
                      try container.decode(Int32.self, forKey: .denominator))
    }

    /// Encodes `{"numerator": 30000, "denominator": 1001}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(numerator, forKey: .numerator)
        try container.encode(denominator, forKey: .denominator)
    }
}
