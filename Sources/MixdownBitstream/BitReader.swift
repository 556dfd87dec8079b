/// Reads the fields of a raw byte sequence payload (RBSP, emulation prevention
/// removed) most significant bit first: fixed-width `u(n)`, Exp-Golomb `ue(v)`
/// and `se(v)`.
package struct BitReader: Sendable {
    /// The bytes read.
    package let bytes: [UInt8]
    /// Bits read so far from the first byte's most significant bit.
    package private(set) var bitPosition = 0

    /// A reader at the first bit of `bytes`.
    package init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Bits not yet read.
    package var bitsLeft: Int { bytes.count * 8 - bitPosition }

    /// The next `bits` bits (0 to 64) as an unsigned number.
    package mutating func u(_ bits: Int) throws(BitstreamError) -> UInt64 {
        precondition((0...64).contains(bits), "u(\(bits))")
        guard bits <= bitsLeft else { throw .truncated("a \(bits)-bit field at bit \(bitPosition) of \(bytes.count) bytes") }
        var value: UInt64 = 0
        var remaining = bits
        while remaining > 0 {
            let byte = bytes[bitPosition >> 3]
            let offset = bitPosition & 7
            let take = min(8 - offset, remaining)
            let chunk = UInt64(byte >> (8 - offset - take)) & (1 << UInt64(take) - 1)
            value = value << UInt64(take) | chunk
            remaining -= take
            bitPosition += take
        }
        return value
    }

    /// The next bit.
    package mutating func flag() throws(BitstreamError) -> Bool {
        try u(1) == 1
    }

    /// An unsigned Exp-Golomb number, `ue(v)` (at most 31 leading zeros, as the standards allow).
    package mutating func ue() throws(BitstreamError) -> Int {
        var zeros = 0
        while try u(1) == 0 {
            zeros += 1
            guard zeros <= 31 else { throw .invalid("ue(v) with more than 31 leading zero bits at bit \(bitPosition)") }
        }
        return Int((1 << UInt64(zeros)) - 1 + (try u(zeros)))
    }

    /// A signed Exp-Golomb number, `se(v)`: 1, -1, 2, -2… from ue(v) 1, 2, 3, 4….
    package mutating func se() throws(BitstreamError) -> Int {
        let code = try ue()
        return code & 1 == 1 ? (code + 1) / 2 : -(code / 2)
    }

    /// Moves past `bits` bits.
    package mutating func skip(_ bits: Int) throws(BitstreamError) {
        guard bits >= 0, bits <= bitsLeft else { throw .truncated("\(bits) skipped bits at bit \(bitPosition) of \(bytes.count) bytes") }
        bitPosition += bits
    }
}
