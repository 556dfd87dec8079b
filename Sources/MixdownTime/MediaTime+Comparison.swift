// Equality, ordering and hashing are exact across timescales. Cross products
// of an Int64 value and an Int32 timescale need at most 95 bits, so Int128
// compares without rounding or overflow.

extension MediaTime: Equatable {
    /// Whether both denote the same instant, whatever their timescales.
    public static func == (lhs: MediaTime, rhs: MediaTime) -> Bool {
        if lhs.timescale == rhs.timescale { return lhs.value == rhs.value }
        return Int128(lhs.value) * Int128(rhs.timescale) == Int128(rhs.value) * Int128(lhs.timescale)
    }
}

extension MediaTime: Hashable {
    /// Hashes the reduced fraction, so equal times hash alike.
    public func hash(into hasher: inout Hasher) {
        let (value, timescale) = reducedFraction
        hasher.combine(value)
        hasher.combine(timescale)
    }
}

extension MediaTime: Comparable {
    /// Whether `lhs` is strictly earlier than `rhs`, compared exactly.
    public static func < (lhs: MediaTime, rhs: MediaTime) -> Bool {
        if lhs.timescale == rhs.timescale { return lhs.value < rhs.value }
        return Int128(lhs.value) * Int128(rhs.timescale) < Int128(rhs.value) * Int128(lhs.timescale)
    }
}

extension MediaTime {
    /// The same instant with `value` and `timescale` divided by their
    /// greatest common divisor; `0` reduces to `0/1`.
    public var reduced: MediaTime {
        let (value, timescale) = reducedFraction
        return MediaTime(uncheckedValue: value, timescale: timescale)
    }

    internal var reducedFraction: (value: Int64, timescale: Int32) {
        // The divisor divides the positive timescale, so it is at most
        // Int32.max and dividing Int64.min by it cannot trap.
        let divisor = greatestCommonDivisor(value.magnitude, UInt64(timescale))
        return (value / Int64(divisor), Int32(Int64(timescale) / Int64(divisor)))
    }
}
