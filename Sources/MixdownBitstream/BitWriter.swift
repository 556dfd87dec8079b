/// Writes fields most significant bit first, the way `BitReader` reads them:
/// fixed-width `u(n)`, Exp-Golomb `ue(v)` and `se(v)`, and bits copied from a reader.
package struct BitWriter: Sendable {
    /// The bytes written, the last one padded with zero bits when `bitCount` is
    /// not a multiple of 8.
    package private(set) var bytes: [UInt8] = []
    /// Bits written.
    package private(set) var bitCount = 0

    /// An empty writer.
    package init() {}

    /// `value`'s low `bits` bits (0 to 64).
    package mutating func u(_ value: UInt64, bits: Int) {
        precondition((0...64).contains(bits), "u(\(bits))")
        var remaining = bits
        while remaining > 0 {
            let offset = bitCount & 7
            if offset == 0 { bytes.append(0) }
            let take = min(8 - offset, remaining)
            let chunk = UInt8(truncatingIfNeeded: value >> UInt64(remaining - take)) & UInt8((1 << take) - 1)
            bytes[bytes.count - 1] |= chunk << UInt8(8 - offset - take)
            remaining -= take
            bitCount += take
        }
    }

    /// One bit.
    package mutating func flag(_ value: Bool) {
        u(value ? 1 : 0, bits: 1)
    }

    /// `value` (0 to 2³² − 2) as an unsigned Exp-Golomb number, `ue(v)`.
    package mutating func ue(_ value: Int) {
        precondition(value >= 0 && value < 1 << 32 - 1, "ue(\(value))")
        let code = UInt64(value + 1)
        let length = 64 - code.leadingZeroBitCount
        u(0, bits: length - 1)
        u(code, bits: length)
    }

    /// `value` as a signed Exp-Golomb number, `se(v)`.
    package mutating func se(_ value: Int) {
        ue(value > 0 ? 2 * value - 1 : -2 * value)
    }

    /// The next `bits` bits of `reader`, copied.
    package mutating func append(bits: Int, from reader: inout BitReader) throws(BitstreamError) {
        var remaining = bits
        while remaining > 0 {
            let take = min(remaining, 64)
            u(try reader.u(take), bits: take)
            remaining -= take
        }
    }

    /// The number of bits `value` takes as `ue(v)`.
    package static func ueLength(_ value: Int) -> Int {
        2 * (64 - UInt64(value + 1).leadingZeroBitCount) - 1
    }
}
