/// A difference of loudness in LU (1 LU = 1 dB): how far the music sits below the
/// voice when it ducks by loudness, from 0 to 40 LU. Typed `15`, `15 LU`.
public struct LoudnessGap: DecibelLevel, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
    public static let unit = "LU"
    public static let range = 0.0...40.0
    public static let standard = LoudnessGap(uncheckedDecibels: 15)
    public let decibels: Double
    public init(uncheckedDecibels decibels: Double) { self.decibels = decibels }
}
