/// A video frame rate as an exact fraction of frames per second, such as
/// 25/1 or 30000/1001 (NTSC 29.97).
///
/// Equality and hashing are exact on the rational value: 60/2 == 30/1.
public struct FrameRate: Sendable {
    private let fraction: PositiveFraction

    /// Frames per `denominator` seconds; always greater than zero.
    public var numerator: Int32 { fraction.numerator }

    /// Seconds per `numerator` frames; always greater than zero.
    public var denominator: Int32 { fraction.denominator }

    /// Makes `numerator / denominator` frames per second.
    ///
    /// - Throws: ``MediaTimeError/invalidFrameRate(numerator:denominator:)``
    ///   unless both parts are positive.
    public init(_ numerator: Int32, _ denominator: Int32 = 1) throws(MediaTimeError) {
        guard let fraction = PositiveFraction(numerator, denominator) else {
            throw .invalidFrameRate(numerator: numerator, denominator: denominator)
        }
        self.fraction = fraction
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

extension FrameRate: Hashable, Codable {
    /// Whether both are the same rate, whatever their representations.
    public static func == (lhs: FrameRate, rhs: FrameRate) -> Bool { lhs.fraction == rhs.fraction }

    /// Hashes the reduced fraction, so equal rates hash alike.
    public func hash(into hasher: inout Hasher) { hasher.combine(fraction) }

    /// Decodes `{"numerator": 30000, "denominator": 1001}`, refusing parts that are not positive.
    public init(from decoder: any Decoder) throws { fraction = try PositiveFraction(from: decoder) }

    /// Encodes `{"numerator": 30000, "denominator": 1001}`.
    public func encode(to encoder: any Encoder) throws { try fraction.encode(to: encoder) }
}

extension FrameRate: CustomStringConvertible {
    /// `"25"` for whole rates, otherwise `"30000/1001"`, as given.
    public var description: String {
        denominator == 1 ? "\(numerator)" : "\(numerator)/\(denominator)"
    }
}
