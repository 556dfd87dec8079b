// The exact integer kernels behind every conversion. All operands of the
// public API are at most 64 bits wide, so products of two of them, and of
// such a product with a 32-bit factor, fit in 128 bits without overflow.

extension Int128 {
    /// `floor(self / divisor + 1/2)`: the project's one rounding rule.
    ///
    /// `divisor` must be positive. Exact for every input; never traps.
    internal func roundedHalfUp(dividingBy divisor: Int128) -> Int128 {
        var (quotient, remainder) = flooredDivision(by: divisor)
        // remainder / divisor >= 1/2, written without doubling (which could overflow).
        if remainder >= divisor - remainder {
            quotient += 1
        }
        return quotient
    }

    /// `floor(self / divisor)`: how many whole `divisor`s fit (a count of whole
    /// frames, not a rounding to the nearest, which is ``roundedHalfUp(dividingBy:)``).
    ///
    /// `divisor` must be positive. Exact for every input; never traps.
    internal func dividedRoundingDown(by divisor: Int128) -> Int128 {
        flooredDivision(by: divisor).quotient
    }

    /// `ceil(self / divisor)`: how many `divisor`s it takes to cover `self` (a
    /// count of frames begun).
    ///
    /// `divisor` must be positive. Exact for every input; never traps.
    internal func dividedRoundingUp(by divisor: Int128) -> Int128 {
        let (quotient, remainder) = flooredDivision(by: divisor)
        return remainder == 0 ? quotient : quotient + 1
    }

    /// The floored quotient and its remainder, in `0..<divisor`.
    private func flooredDivision(by divisor: Int128) -> (quotient: Int128, remainder: Int128) {
        precondition(divisor > 0, "divisor must be positive")
        // Swift division truncates toward zero; shift to floor so that the
        // remainder is in 0..<divisor and every test on it is sign-independent.
        var quotient = self / divisor
        var remainder = self % divisor
        if remainder < 0 {
            quotient -= 1
            remainder += divisor
        }
        return (quotient, remainder)
    }
}

/// The greatest common divisor; `gcd(0, b) == b`.
internal func greatestCommonDivisor<Integer: UnsignedInteger>(_ a: Integer, _ b: Integer) -> Integer {
    var (a, b) = (a, b)
    while b != 0 {
        (a, b) = (b, a % b)
    }
    return a
}
