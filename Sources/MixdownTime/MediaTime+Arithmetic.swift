// Sums and differences are exact whenever a common timescale exists that
// fits in Int32. Only when it does not (two large, coprime timescales such
// as 1000000007 and 999999937) is one rounding step accepted, because a time
// that is off by less than half a tick of a fine timescale is far more useful
// to a caller than an error.

extension MediaTime {
    /// The exact sum.
    ///
    /// Timescale of the result: the shared timescale if both are equal;
    /// otherwise their least common multiple if it fits in `Int32` (exact);
    /// otherwise the larger of the two timescales, with the exact sum rounded
    /// half up (`floor(x + 1/2)`) to it.
    ///
    /// - Throws: ``MediaTimeError/overflow(_:)`` if the result's value does
    ///   not fit in `Int64`.
    public static func + (lhs: MediaTime, rhs: MediaTime) throws(MediaTimeError) -> MediaTime {
        try combine(lhs, rhs, negatingRight: false, symbol: "+")
    }

    /// The exact difference, `lhs - rhs`.
    ///
    /// The result's timescale is chosen as for ``+(_:_:)``, with the same
    /// round-half-up fallback when the common timescale would not fit.
    ///
    /// - Throws: ``MediaTimeError/overflow(_:)`` if the result's value does
    ///   not fit in `Int64`.
    public static func - (lhs: MediaTime, rhs: MediaTime) throws(MediaTimeError) -> MediaTime {
        try combine(lhs, rhs, negatingRight: true, symbol: "-")
    }

    /// The time scaled by an integer, keeping the timescale; exact.
    ///
    /// - Throws: ``MediaTimeError/overflow(_:)`` if the value does not fit
    ///   in `Int64`.
    public func multiplied(by factor: Int64) throws(MediaTimeError) -> MediaTime {
        let (product, overflow) = value.multipliedReportingOverflow(by: factor)
        guard !overflow else { throw .overflow("\(readable) * \(factor)") }
        return MediaTime(uncheckedValue: product, timescale: timescale)
    }

    /// `other - self` rounded half up to `timescale`, for callers that
    /// have proved the result fits; saturates rather than trap if not.
    internal func roundedDifference(to other: MediaTime, timescale: Int32) -> MediaTime {
        // At most 95 bits before scaling and 126 after.
        let difference = Int128(other.value) * Int128(self.timescale) - Int128(value) * Int128(other.timescale)
        let denominator = Int128(self.timescale) * Int128(other.timescale)
        let rounded = (difference * Int128(timescale)).roundedHalfUp(dividingBy: denominator)
        return MediaTime(uncheckedValue: Int64(clamping: rounded), timescale: timescale)
    }

    private static func combine(
        _ lhs: MediaTime, _ rhs: MediaTime, negatingRight: Bool, symbol: String
    ) throws(MediaTimeError) -> MediaTime {
        let timescale: Int32
        let exact: Bool
        if lhs.timescale == rhs.timescale {
            (timescale, exact) = (lhs.timescale, true)
        } else {
            let divisor = greatestCommonDivisor(UInt64(lhs.timescale), UInt64(rhs.timescale))
            let lcm = Int64(lhs.timescale) / Int64(divisor) * Int64(rhs.timescale)
            if let fitting = Int32(exactly: lcm) {
                (timescale, exact) = (fitting, true)
            } else {
                (timescale, exact) = (max(lhs.timescale, rhs.timescale), false)
            }
        }

        let result: Int128
        if exact {
            // Each operand scales by an integer factor, so this is exact; at
            // most 63 + 31 bits per term, 95 bits for the sum.
            let left = Int128(lhs.value) * Int128(timescale / lhs.timescale)
            var right = Int128(rhs.value) * Int128(timescale / rhs.timescale)
            if negatingRight { right = -right }
            result = left + right
        } else {
            // Exact sum over lhs.timescale * rhs.timescale (at most 95 bits
            // over 62), then one rounding to the chosen timescale; the scaled
            // numerator needs at most 126 bits.
            let left = Int128(lhs.value) * Int128(rhs.timescale)
            var right = Int128(rhs.value) * Int128(lhs.timescale)
            if negatingRight { right = -right }
            let denominator = Int128(lhs.timescale) * Int128(rhs.timescale)
            result = ((left + right) * Int128(timescale)).roundedHalfUp(dividingBy: denominator)
        }
        guard let value = Int64(exactly: result) else {
            throw .overflow("\(lhs.readable) \(symbol) \(rhs.readable)")
        }
        return MediaTime(uncheckedValue: value, timescale: timescale)
    }
}
