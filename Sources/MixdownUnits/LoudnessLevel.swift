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
