/// A fraction of two positive 32-bit integers, compared and hashed by value
/// (2/4 == 1/2) and coded as `{"numerator": n, "denominator": d}`: what a
/// ``FrameRate`` and a ``TimeBase`` are made of.
internal struct PositiveFraction: Hashable, Sendable, Codable {
    let numerator: Int32
    let denominator: Int32

    /// `numerator / denominator`, or nil unless both are positive.
    init?(_ numerator: Int32, _ denominator: Int32) {
        guard numerator > 0, denominator > 0 else { return nil }
        self.numerator = numerator
        self.denominator = denominator
    }

    static func == (lhs: PositiveFraction, rhs: PositiveFraction) -> Bool {
        Int64(lhs.numerator) * Int64(rhs.denominator) == Int64(rhs.numerator) * Int64(lhs.denominator)
    }

    /// Hashes the reduced fraction, so equal values hash alike.
    func hash(into hasher: inout Hasher) {
        let divisor = Int32(greatestCommonDivisor(UInt64(numerator), UInt64(denominator)))
        hasher.combine(numerator / divisor)
        hasher.combine(denominator / divisor)
    }

    private enum CodingKeys: String, CodingKey {
        case numerator, denominator
    }

    /// Decodes the two fields, refusing parts that are not positive.
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let numerator = try container.decode(Int32.self, forKey: .numerator)
        let denominator = try container.decode(Int32.self, forKey: .denominator)
        guard let fraction = PositiveFraction(numerator, denominator) else {
            throw DecodingError.dataCorruptedError(forKey: .denominator, in: container,
                                                   debugDescription: "\(numerator)/\(denominator) is not a positive fraction")
        }
        self = fraction
    }
}
