import Foundation
import MixdownBitstream
import MixdownComposition
import MixdownMediaIO
import MixdownTestSupport
import XCTest

/// `NALUnit`'s parsing against ffmpeg's own bitstream filters.
final class NALUnitTests: XCTestCase {
    func testTheParameterSetsOfAnAVCCAndAnHVCCAreWhatFFmpegPutsInBand() throws {
        for (path, codec, filter) in [(Fixture.path("clip-a.mp4"), VideoEncoderSettings.Codec.h264, "h264_mp4toannexb"),
                                      (try Fixture.realMedia("ax-h265_bframes.mp4"), .hevc, "hevc_mp4toannexb")] {
            let record = try VideoClipInfo(path: path).format.decoderConfiguration
            let (lengthSize, units) = try XCTUnwrap(NALUnit.parameterSets(inDecoderConfiguration: record, codec: codec))
            XCTAssertEqual(lengthSize, 4)
            // The first packet in Annex B carries the record's sets before its picture (after an SEI or an AUD).
            let annexB = [UInt8](try Tool.run("ffmpeg", ["-v", "error", "-nostdin", "-i", path, "-map", "0:v:0", "-frames:v", "1", "-c", "copy",
                                                         "-bsf:v", filter, "-f", codec == .h264 ? "h264" : "hevc", "-"]))
            let inBand = NALUnit.units(inAnnexB: annexB).filter { codec == .h264 ? [7, 8].contains($0.h264Type) : (32...34).contains($0.hevcType) }
            XCTAssertEqual(Array(inBand.prefix(units.count)), units, path)
            XCTAssertEqual(codec == .h264 ? units.map(\.h264Type) : units.map(\.hevcType), codec == .h264 ? [7, 8] : [32, 33, 34])
        }
        XCTAssertNil(NALUnit.parameterSets(inDecoderConfiguration: [1, 2, 3], codec: .h264))
        XCTAssertNil(NALUnit.parameterSets(inDecoderConfiguration: [1, 100, 0, 30, 0xFF, 0xE1, 0, 40, 0x67], codec: .h264), "cut short")
    }

    func testUnitsSplitAndJoinInBothForms() {
        let units = [NALUnit(bytes: [0x67, 1, 2]), NALUnit(bytes: [0x68, 3]), NALUnit(bytes: [0x65, 0, 0, 3, 1])]
        XCTAssertEqual(NALUnit.units(inAnnexB: NALUnit.annexB(units)), units)
        XCTAssertEqual(NALUnit.units(inAnnexB: [0, 0, 1, 0x67, 1, 0, 0, 0, 1, 0x68]), [NALUnit(bytes: [0x67, 1]), NALUnit(bytes: [0x68])])
        XCTAssertEqual(NALUnit.lengthPrefixed(units, lengthSize: 4),
                       [0, 0, 0, 3, 0x67, 1, 2, 0, 0, 0, 2, 0x68, 3, 0, 0, 0, 5, 0x65, 0, 0, 3, 1])
        XCTAssertEqual(NALUnit.lengthPrefixed([units[1]], lengthSize: 2), [0, 2, 0x68, 3])
        XCTAssertEqual(units.map(\.h264Type), [7, 8, 5])
    }
}
