/// The highest true peak (4× oversampled, ITU-R BS.1770) a delivery may reach,
/// in dBTP: from -20 to 0. Typed `-1`, `-1 dBTP`.
public struct TruePeakCeiling: DecibelLevel, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
    public static let unit = "dBTP"
    public static let range = -20.0...0.0
    public static let standard = TruePeakCeiling(uncheckedDecibels: -1)
    public let decibels: Double
    public init(uncheckedDecibels decibels: Double) { self.decibels = decibels }

    /// The ceiling as a linear peak (1 = full scale).
    public var peak: Double { Gain.decibelsToFactor(decibels) }
}
