import MixdownTime

extension MediaTime {
    /// This time in ticks of `numerator/denominator` seconds (a stream time base),
    /// rounded half up (`floor(x + 1/2)`), the project's one rounding rule; exact in
    /// 128 bits, nil when the result does not fit `Int64` or the time base is not positive.
    func ticks(timeBaseNumerator numerator: Int, denominator: Int) -> Int64? {
        guard numerator > 0, denominator > 0 else { return nil }
        let top = Int128(value) * Int128(denominator)
        let bottom = Int128(timescale) * Int128(numerator)
        let doubled = 2 * top + bottom
        let divisor = 2 * bottom
        var quotient = doubled / divisor
        if doubled % divisor != 0, doubled < 0 { quotient -= 1 }
        return Int64(exactly: quotient)
    }
}
