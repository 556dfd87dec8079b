/// How far dialogue cleanup turns broadband noise down, in dB: from 1 to 40,
/// 12 by default (moderate: no musical noise). Typed `12`, `12dB`, `12 dB`.
public struct NoiseReduction: DecibelLevel, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
    public static let range = 1.0...40.0
    public static let standard = NoiseReduction(uncheckedDecibels: 12)
    public let decibels: Double
    public init(uncheckedDecibels decibels: Double) { self.decibels = decibels }
}

/// How far the dialogue leveler may move an item's gain from unity, in dB either
/// way: from 0 to 24, 12 by default. Typed `12`, `12dB`, `12 dB`.
public struct LevelerRange: DecibelLevel, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
    public static let range = 0.0...24.0
    public static let standard = LevelerRange(uncheckedDecibels: 12)
    public let decibels: Double
    public init(uncheckedDecibels decibels: Double) { self.decibels = decibels }
}
