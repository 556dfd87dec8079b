/// A rational number as FFmpeg writes them, e.g. a time base 1/48000 or a frame rate 30/1.
public struct Rational: Sendable, Codable, Equatable, CustomStringConvertible {
    public var numerator: Int
    public var denominator: Int
    public init(_ numerator: Int, _ denominator: Int) {
        self.numerator = numerator
        self.denominator = denominator
    }
    public var value: Double { denominator == 0 ? 0 : Double(numerator) / Double(denominator) }
    public var description: String { "\(numerator)/\(denominator)" }
}
