extension MediaTime: CustomStringConvertible {
    /// The time in seconds with an `s` suffix, exact.
    ///
    /// A decimal when the time has one with at most 9 fraction digits,
    /// trailing zeros dropped: `"12.5s"`, `"0s"`, `"-0.001s"`. Otherwise the
    /// reduced fraction: `"1/3s"`, `"1001/30000s"`. Non-negative decimal
    /// forms parse back with ``init(parsing:)`` to an equal time.
    public var description: String {
        let (value, timescale) = reducedFraction
        guard let digits = Self.decimalDigits(forReducedTimescale: timescale) else {
            return "\(value)/\(timescale)s"
        }
        // Scale to 10^digits exactly; 63 + 30 bits at most.
        let unit = UInt128(Self.powerOfTen(digits))
        let scaled = UInt128(value.magnitude) * (unit / UInt128(timescale))
        let whole = scaled / unit
        let sign = value < 0 ? "-" : ""
        guard digits > 0 else { return "\(sign)\(whole)s" }
        var fraction = String(scaled % unit)
        fraction = String(repeating: "0", count: digits - fraction.count) + fraction
        while fraction.last == "0" { fraction.removeLast() }
        return "\(sign)\(whole).\(fraction)s"
    }

    /// How many decimal digits `1/timescale` needs, if at most 9.
    private static func decimalDigits(forReducedTimescale timescale: Int32) -> Int? {
        var rest = timescale
        var twos = 0
        var fives = 0
        while rest % 2 == 0 { rest /= 2; twos += 1 }
        while rest % 5 == 0 { rest /= 5; fives += 1 }
        let digits = max(twos, fives)
        return rest == 1 && digits <= 9 ? digits : nil
    }

    internal static func powerOfTen(_ exponent: Int) -> Int64 {
        var result: Int64 = 1
        for _ in 0..<exponent { result *= 10 }
        return result
    }
}
