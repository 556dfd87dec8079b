import MixdownBitstream
@testable import MixdownComposition
import MixdownUnits
import XCTest

/// What an HEVC clip's `hvcC` and scan allow a splice, and the HDR choices
/// around it: the output's dynamic range as users type it, HDR10 metadata
/// merged from the clips.
final class HEVCSpliceFactsTests: XCTestCase {
    /// The `hvcC` libx265 (preset ultrafast, `info=0`) writes for 64×64 Main at level 1: VPS, SPS, PPS.
    private let record: [UInt8] = [
        0x01, 0x01, 0x60, 0x00, 0x00, 0x00, 0x90, 0x00, 0x00, 0x00, 0x00, 0x00, 0x1E, 0xF0, 0x00, 0xFC, 0xFD, 0xF8, 0xF8, 0x00, 0x00, 0x0F,
        0x03, 0xA0, 0x00, 0x01, 0x00, 0x18, 0x40, 0x01, 0x0C, 0x01, 0xFF, 0xFF, 0x01, 0x60, 0x00, 0x00, 0x03, 0x00, 0x90, 0x00, 0x00, 0x03,
        0x00, 0x00, 0x03, 0x00, 0x1E, 0x95, 0x94, 0x09, 0xA1, 0x00, 0x01, 0x00, 0x28, 0x42, 0x01, 0x01, 0x01, 0x60, 0x00, 0x00, 0x03, 0x00,
        0x90, 0x00, 0x00, 0x03, 0x00, 0x00, 0x03, 0x00, 0x1E, 0xA0, 0x20, 0x81, 0x05, 0x96, 0x56, 0x54, 0xA4, 0xC2, 0xF0, 0x16, 0x80, 0x80,
        0x00, 0x00, 0x03, 0x00, 0x80, 0x00, 0x00, 0x0F, 0x04, 0xA2, 0x00, 0x01, 0x00, 0x06, 0x44, 0x01, 0xC0, 0x73, 0xC0, 0x89,
    ]

    private func refusal(_ bitstream: VideoBitstreamFacts, record: [UInt8]? = nil) -> String? {
        if case let .failure(refusal) = HEVCSpliceFacts.facts(record: record ?? self.record, bitstream: bitstream) { refusal.reason } else { nil }
    }

    func testASplicableClipsFactsComeFromItsParameterSets() throws {
        let facts = try HEVCSpliceFacts.facts(record: record, bitstream: VideoBitstreamFacts()).get()
        XCTAssertEqual(facts.profileIDC, 1, "Main")
        XCTAssertFalse(facts.highTier)
        XCTAssertEqual(facts.levelIDC, 30)
        XCTAssertEqual(facts.level, "1")
        XCTAssertEqual(facts.bitDepth, 8)
        XCTAssertFalse(facts.wavefront, "trace_headers: entropy_coding_sync_enabled_flag 0 (one row of CTUs)")
        XCTAssertEqual(facts.parameterSets.map(\.hevcType), [32, 33, 34])
        // The same sets in the packets too (an hev1-style file) change nothing.
        XCTAssertNil(refusal(VideoBitstreamFacts(inBandParameterSets: facts.parameterSets)))
    }

    func testEachReasonNotToSpliceIsNamed() {
        XCTAssertEqual(refusal(VideoBitstreamFacts(hasSkippedLeadingPictures: true)),
                       "its GOPs are open (RASL pictures follow its CRA keyframes): a copy cannot restart cleanly")
        XCTAssertEqual(refusal(VideoBitstreamFacts(hasLayeredUnits: true)), "it has layers above the base (MV-HEVC or scalable HEVC)")
        var otherPPS = Array(record[(record.count - 6)...])
        otherPPS[5] ^= 0x01
        XCTAssertEqual(refusal(VideoBitstreamFacts(inBandParameterSets: [NALUnit(bytes: otherPPS)])),
                       "its packets carry parameter sets that differ from its hvcC's")
        XCTAssertTrue(refusal(VideoBitstreamFacts(), record: [1, 2, 3])?.hasPrefix("its HEVC stream has no usable decoder configuration (hvcC)") ?? false)
    }

    func testLevelsAreWrittenAsLibx265TakesThem() throws {
        for (idc, name) in [(153, "5.1"), (120, "4"), (93, "3.1"), (186, "6.2")] {
            let facts = HEVCSpliceFacts(profileIDC: 1, highTier: false, levelIDC: idc, bitDepth: 8, wavefront: false, parameterSets: [])
            XCTAssertEqual(facts.level, name)
        }
    }

    func testTheOutputsDynamicRangeIsTypedByName() throws {
        XCTAssertNil(try DynamicRange.choice(parsing: "auto"), "auto: the first clip's")
        XCTAssertEqual(try DynamicRange.choice(parsing: "sdr"), .sdr)
        XCTAssertEqual(try DynamicRange.choice(parsing: "hlg"), .hlg)
        XCTAssertEqual(try DynamicRange.choice(parsing: "pq"), .pq)
        XCTAssertThrowsError(try DynamicRange.choice(parsing: "HLG")) { error in
            XCTAssertEqual((error as? QuantityError)?.expected, "auto, sdr, hlg or pq")
        }
    }

    func testHDR10MetadataIsMergedOnlyWhereEveryClipStatesIt() {
        let point = MasteringDisplay.Chromaticity(x: 0.3127, y: 0.329)
        func clip(max: Double, min: Double, light: (Int, Int)?) -> VideoColourDescription {
            VideoColourDescription(transfer: "smpte2084",
                                   masteringDisplay: MasteringDisplay(red: point, green: point, blue: point, whitePoint: point,
                                                                      minLuminance: min, maxLuminance: max),
                                   contentLightLevel: light.map { ContentLightLevel(maxContentLightLevel: $0.0, maxFrameAverageLightLevel: $0.1) })
        }
        let merged = HDRStaticMetadata.merged([clip(max: 1000, min: 0.005, light: (1000, 400)), clip(max: 4000, min: 0.0001, light: (2000, 300))])
        XCTAssertEqual(merged?.masteringDisplay.maxLuminance, 4000)
        XCTAssertEqual(merged?.masteringDisplay.minLuminance, 0.0001)
        XCTAssertEqual(merged?.contentLightLevel, ContentLightLevel(maxContentLightLevel: 2000, maxFrameAverageLightLevel: 400))
        XCTAssertNil(HDRStaticMetadata.merged([clip(max: 1000, min: 0.005, light: nil), clip(max: 1000, min: 0.005, light: (1, 1))])?.contentLightLevel)
        XCTAssertNil(HDRStaticMetadata.merged([clip(max: 1000, min: 0.005, light: nil), VideoColourDescription(transfer: "smpte2084")]))
        XCTAssertNil(HDRStaticMetadata.merged([]))
    }
}
