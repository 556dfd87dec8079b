// The exact integer kernels behind every conversion. All operands of the
// public API are at most 64 bits wide, so products of two of them, and of
// such a product with a 32-bit factor, fit in 128 bits without overflow.

extension Int128 {
    /// `floor(self / divisor + 1/2)`: the project's one rounding rule.
    ///
    /// `divisor` must be positive. Exact for every input; never traps.
    internal func roundedHalfUp(dividingBy divisor: Int128) -> Int128 {
        precondition(divisor > 0, "divisor must be positive")
        // Swift division truncates toward zero; shift to floor so that the
        // remainder is in 0..<divisor and the half test is sign-independent.
        var quotient = self / divisor
        var remainder = self % divisor
        if remainder < 0 {
            quotient -= 1
            remainder += divisor
        }
        // remainder / divisor >= 1/2, written without doubling (which could overflow).
        if remainder >= divisor - remainder {
            quotient += 1
        }
        return quotient
    }
}

/// The greatest common divisor; `gcd(0, b) == b`.
internal func greatestCommonDivisor(_ a: UInt64, _ b: UInt64) -> UInt64 {
    var (a, b) = (a, b)
    while b != 0 {
        (a, b) = (b, a % b)
    }
    return a
}
