import MixdownBitstream
import XCTest

/// `BitReader`, `BitWriter` and `EmulationPrevention` against hand-computed codes.
final class BitCodingTests: XCTestCase {
    func testExpGolombCodesHaveTheirStandardBitsAndRoundTrip() throws {
        // ue(v) of n is (bit length of n + 1) - 1 zeros, then n + 1 in binary.
        let lengths = [0: 1, 1: 3, 2: 3, 14: 7, 15: 9, 16: 9, 30: 9, 31: 11, 255: 17, 65_535: 33, (1 << 32) - 2: 63]
        for (value, length) in lengths {
            var writer = BitWriter()
            writer.ue(value)
            XCTAssertEqual(writer.bitCount, length, "ue(\(value))")
            XCTAssertEqual(BitWriter.ueLength(value), length)
            var reader = BitReader(writer.bytes)
            XCTAssertEqual(try reader.ue(), value)
            XCTAssertEqual(reader.bitPosition, length)
        }
        var writer = BitWriter()
        writer.ue(15)
        writer.ue(16)
        writer.ue(0)
        // 000010000 000010001 1, padded: 00001000 00000100 01100000.
        XCTAssertEqual(writer.bytes, [0x08, 0x04, 0x60])
        XCTAssertEqual(writer.bitCount, 19)

        // se(v): 0, 1, -1, 2, -2 are ue 0, 1, 2, 3, 4.
        for (value, code) in [(0, 0), (1, 1), (-1, 2), (2, 3), (-2, 4), (15, 29), (-15, 30), (1000, 1999), (-1000, 2000)] {
            var signed = BitWriter()
            signed.se(value)
            var unsigned = BitWriter()
            unsigned.ue(code)
            XCTAssertEqual(signed.bytes, unsigned.bytes, "se(\(value))")
            var reader = BitReader(signed.bytes)
            XCTAssertEqual(try reader.se(), value)
        }
    }

    func testMixedFieldsRoundTripAndTheReaderStopsAtTheEnd() throws {
        var writer = BitWriter()
        writer.u(5, bits: 3)
        writer.flag(true)
        writer.u(0xDEAD_BEEF_CAFE, bits: 48)
        writer.ue(30)
        writer.se(-7)
        writer.u(UInt64.max, bits: 64)
        writer.u(0, bits: 0)
        var reader = BitReader(writer.bytes)
        XCTAssertEqual(try reader.u(3), 5)
        XCTAssertEqual(try reader.flag(), true)
        XCTAssertEqual(try reader.u(48), 0xDEAD_BEEF_CAFE)
        XCTAssertEqual(try reader.ue(), 30)
        XCTAssertEqual(try reader.se(), -7)
        XCTAssertEqual(try reader.u(64), UInt64.max)
        XCTAssertEqual(reader.bitPosition, 3 + 1 + 48 + 9 + 7 + 64)
        XCTAssertEqual(reader.bitsLeft, writer.bytes.count * 8 - writer.bitCount)

        var copy = BitWriter()
        var source = BitReader(writer.bytes)
        try copy.append(bits: writer.bitCount, from: &source)
        XCTAssertEqual(copy.bytes, writer.bytes)

        var short = BitReader([0xFF])
        XCTAssertThrowsError(try short.u(9)) { XCTAssertEqual($0 as? BitstreamError, .truncated("a 9-bit field at bit 0 of 1 bytes")) }
        var zeros = BitReader([0, 0, 0, 0, 0])
        XCTAssertThrowsError(try zeros.ue()) { error in
            guard case .invalid = error as? BitstreamError else { return XCTFail("\(error)") }
        }
    }

    func testEscapingPutsA03AfterEvery0000BeforeALowByteAndRemovingItUndoesIt() throws {
        let cases: [([UInt8], [UInt8])] = [
            ([0, 0, 0], [0, 0, 3, 0]), ([0, 0, 1], [0, 0, 3, 1]), ([0, 0, 2], [0, 0, 3, 2]), ([0, 0, 3], [0, 0, 3, 3]),
            ([0, 0, 4], [0, 0, 4]), ([0, 0], [0, 0]), ([5, 0, 0, 0, 0, 0, 0], [5, 0, 0, 3, 0, 0, 3, 0, 0]),
            ([0, 0, 3, 0, 0, 3], [0, 0, 3, 3, 0, 0, 3, 3]), ([1, 0, 2, 0, 0, 0xFF], [1, 0, 2, 0, 0, 0xFF]),
        ]
        for (rbsp, escaped) in cases {
            XCTAssertEqual(EmulationPrevention.escaped(rbsp), escaped, "\(rbsp)")
            XCTAssertEqual(EmulationPrevention.rbsp(escaped[...]), rbsp, "\(escaped)")
        }
        // Random payloads, zero-heavy: the escaped form never holds 00 00 00/01/02 and decodes back.
        var generator = SplitMix(seed: 22)
        for _ in 0..<500 {
            let rbsp = (0..<Int(generator.next() % 64)).map { _ in [0, 0, 0, 1, 2, 3, 4, 0x80][Int(generator.next() % 8)] as UInt8 }
            let escaped = EmulationPrevention.escaped(rbsp)
            XCTAssertEqual(EmulationPrevention.rbsp(escaped[...]), rbsp)
            for index in 0..<max(0, escaped.count - 2) where escaped[index] == 0 && escaped[index + 1] == 0 {
                XCTAssertGreaterThanOrEqual(escaped[index + 2], 3, "\(escaped)")
            }
        }
    }

    func testJoiningRefusesAZeroRunThatWouldSpanTheSeam() throws {
        XCTAssertEqual(try EmulationPrevention.joining([0x12, 0, 0], escapedTail: [4, 0]), [0x12, 0, 0, 4, 0])
        XCTAssertEqual(try EmulationPrevention.joining([0x12, 0], escapedTail: [5, 0]), [0x12, 0, 5, 0])
        XCTAssertEqual(try EmulationPrevention.joining([0, 0, 1], escapedTail: [0, 0, 3, 1]), [0, 0, 3, 1, 0, 0, 3, 1])
        let seam = BitstreamError.unsupported("a 00 00 0x pattern spans the rewritten header")
        // 00 00 | 01 would be a start code; 00 | 00 02 too; 00 00 | 03 would eat a data byte 03.
        for (head, tail) in [([0x12, 0, 0], [1, 7]), ([0x12, 0], [0, 2]), ([0x12, 0, 0], [3, 9]), ([0x12, 0], [0, 0])] as [([UInt8], [UInt8])] {
            XCTAssertThrowsError(try EmulationPrevention.joining(head, escapedTail: tail[...])) { XCTAssertEqual($0 as? BitstreamError, seam) }
        }
        XCTAssertEqual(seam.description, "unsupported bitstream: a 00 00 0x pattern spans the rewritten header")
    }
}

/// A small seeded generator, so the random cases are the same on every run.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
