import MixdownBitstream
import XCTest

/// The SEI reader on hand-made units: HEVC's and H.264's headers, both
/// messages in one unit, and an emulation prevention byte inside a value.
final class HDRMetadataSEITests: XCTestCase {
    /// SMPTE ST 2086 and CTA-861.3 payloads as x265 codes them for
    /// `G(13250,34500)B(7500,3000)R(34000,16000)WP(15635,16450)L(10000000,50)` and
    /// `max-cll=1000,400`.
    static let mastering: [UInt8] = {
        let coordinates: [Int] = [13250, 34500, 7500, 3000, 34000, 16000, 15635, 16450]
        var bytes: [UInt8] = [137, 24]
        for value in coordinates { bytes += [UInt8(value >> 8), UInt8(value & 0xFF)] }
        bytes += [0x00, 0x98, 0x96, 0x80]  // 10 000 000
        bytes += [0x00, 0x00, 0x00, 0x32]  // 50
        return bytes
    }()
    static let light: [UInt8] = [144, 4, 0x03, 0xE8, 0x01, 0x90]  // 1000, 400

    private func lengthPrefixed(_ unit: [UInt8]) -> [UInt8] {
        [UInt8(unit.count >> 24), UInt8(unit.count >> 16 & 0xFF), UInt8(unit.count >> 8 & 0xFF), UInt8(unit.count & 0xFF)] + unit
    }

    func testBothMessagesOfAnHEVCPrefixSEI() throws {
        let rbsp = Self.mastering + Self.light + [0x80]
        let unit: [UInt8] = [39 << 1, 1] + EmulationPrevention.escaped(rbsp)
        // The minimum luminance's 00 00 00 32 needs an emulation prevention byte.
        XCTAssertEqual(unit.count, 2 + rbsp.count + 1)
        // No record: Annex B.
        let sei = HDRMetadataSEI(codec: "hevc", decoderConfiguration: [], packet: [0, 0, 0, 1] + unit)
        let display = try XCTUnwrap(sei.masteringDisplay)
        XCTAssertEqual(display.primaries.map { [$0.x, $0.y] }, [[13250, 34500], [7500, 3000], [34000, 16000]])
        XCTAssertEqual([display.whitePoint.x, display.whitePoint.y], [15635, 16450])
        XCTAssertEqual(display.maxLuminance, 10_000_000)
        XCTAssertEqual(display.minLuminance, 50)
        XCTAssertEqual(sei.contentLightLevel.map { [$0.maxCLL, $0.maxFALL] }, [1000, 400])
    }

    func testH264UnitsLengthPrefixedUnderAnAVCCRecord() throws {
        // A minimal avcC: version 1, profile, compatibility, level, 4-byte lengths, no SPS, no PPS.
        let record: [UInt8] = [1, 100, 0, 30, 0xFF, 0xE0, 0]
        let slice: [UInt8] = [0x65, 0x88, 0x84]
        let packet = lengthPrefixed([6] + EmulationPrevention.escaped(Self.light + [0x80])) + lengthPrefixed([6] + EmulationPrevention.escaped(Self.mastering + [0x80]))
            + lengthPrefixed(slice)
        let sei = HDRMetadataSEI(codec: "h264", decoderConfiguration: record, packet: packet)
        XCTAssertEqual(sei.masteringDisplay?.maxLuminance, 10_000_000)
        XCTAssertEqual(sei.masteringDisplay?.minLuminance, 50)
        XCTAssertEqual(sei.contentLightLevel.map { [$0.maxCLL, $0.maxFALL] }, [1000, 400])
        // Another codec's packet is not read.
        XCTAssertNil(HDRMetadataSEI(codec: "vp9", decoderConfiguration: record, packet: packet).contentLightLevel)
    }

    /// A message cut short (its size beyond the unit) ends the reading without a value.
    func testTruncatedMessageIsIgnored() {
        let unit: [UInt8] = [39 << 1, 1] + Array(Self.mastering.prefix(10))
        XCTAssertNil(HDRMetadataSEI(codec: "hevc", decoderConfiguration: [], packet: [0, 0, 1] + unit).masteringDisplay)
    }
}
