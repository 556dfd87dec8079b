/// A programme loudness in LUFS (ITU-R BS.1770 integrated loudness): a delivery
/// target, from -50 to -5 LUFS. Typed `-16`, `-16 LUFS` (or `LKFS`, the same unit).
public struct LoudnessLevel: DecibelLevel, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
    public static let unit = "LUFS"
    public static let range = -50.0...(-5.0)
    public static let standard = LoudnessLevel(uncheckedDecibels: -16)
    /// LKFS is ATSC's name for the same unit.
    public static let acceptedUnits: Set<String> = ["", "db", "lufs", "lkfs"]
    public let decibels: Double
    public init(uncheckedDecibels decibels: Double) { self.decibels = decibels }
}

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

/// A difference of loudness in LU (1 LU = 1 dB): how far the music sits below the
/// voice when it ducks by loudness, from 0 to 40 LU. Typed `15`, `15 LU`.
public struct LoudnessGap: DecibelLevel, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
    public static let unit = "LU"
    public static let range = 0.0...40.0
    public static let standard = LoudnessGap(uncheckedDecibels: 15)
    public let decibels: Double
    public init(uncheckedDecibels decibels: Double) { self.decibels = decibels }
}
