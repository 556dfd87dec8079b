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

extension MediaTime {
    /// The time as messages show it: seconds rounded half up to the
    /// microsecond, trailing zeros dropped, with an `s` suffix: `12.5s`, `0s`,
    /// `0.033367s` (1001/30000 s), `-0.7s`.
    ///
    /// Every error and warning that shows a time uses this form (never a raw
    /// fraction); ``description`` stays exact for what must read back.
    public var readable: String {
        let micros = (Int128(value) * 1_000_000).roundedHalfUp(dividingBy: Int128(timescale))
        return Self.readable(micros: micros)
    }

    /// `seconds` as ``readable`` shows a time: `0.5s`; `unknown` when not finite.
    public static func readable(seconds: Double) -> String {
        guard seconds.isFinite else { return "unknown" }
        guard let micros = Int128(exactly: (seconds * 1_000_000).rounded(.toNearestOrAwayFromZero)) else { return "\(seconds)s" }
        return readable(micros: micros)
    }

    private static func readable(micros: Int128) -> String {
        var fraction = String(micros.magnitude % 1_000_000)
        fraction = String(repeating: "0", count: 6 - fraction.count) + fraction
        while fraction.last == "0" { fraction.removeLast() }
        let whole = "\(micros < 0 ? "-" : "")\(micros.magnitude / 1_000_000)"
        return whole + (fraction.isEmpty ? "" : "." + fraction) + "s"
    }
}

extension MediaTimeRange {
    /// The half-open interval as messages show it, each end ``MediaTime/readable``:
    /// `[0s, 40.986122s)`.
    public var readable: String {
        "[\(start.readable), \(end.readable))"
    }
}
