import Foundation
import MixdownBitstream
import MixdownTestSupport
import XCTest

/// `IDRDetector`'s HEVC questions: random access kind, RASL, layered units.
final class IDRDetectorHEVCTests: XCTestCase {
    func testRandomAccessKindsFromTheNALTypesOfAnOpenGOPStream() throws {
        let folder = try TemporaryFolder()
        let stream = folder.file("open.hevc")
        try HEVCTestMedia.encode(stream, params: HEVCRenumberingTests.paramsA)
        let units = NALUnit.units(inAnnexB: [UInt8](try Data(contentsOf: URL(fileURLWithPath: stream))))
        let sets = units.filter { (32...34).contains($0.hevcType) }
        let record = try HEVCDecoderConfiguration.record(for: Array(sets.prefix(3)))
        let detector = IDRDetector(codec: "hevc", decoderConfiguration: record)
        let annexB = IDRDetector(codec: "hevc", decoderConfiguration: [])
        var kinds: [IDRDetector.HEVCRandomAccess: Int] = [:]
        var rasl = 0
        for unit in units where unit.hevcType < 32 {
            let sample = NALUnit.lengthPrefixed([unit])
            XCTAssertEqual(detector.nalUnits(in: sample), [unit])
            XCTAssertEqual(annexB.nalUnits(in: NALUnit.annexB([unit])), [unit])
            kinds[detector.hevcRandomAccess(sample), default: 0] += 1
            if detector.containsRASL(sample) { rasl += 1 }
            XCTAssertEqual(detector.isIDR(sample), detector.hevcRandomAccess(sample) == .idr)
            XCTAssertFalse(detector.containsLayeredUnits(sample))
        }
        // ffprobe's picture types come from the same headers; count the NAL types through trace_headers instead.
        let traced = try HEVCTestMedia.traceHeaders(stream, frames: 1000).compactMap { $0.fields["nal_unit_type"] }
        XCTAssertEqual(kinds[.idr], traced.filter { $0 == 19 || $0 == 20 }.count)
        XCTAssertEqual(kinds[.cra], traced.filter { $0 == 21 }.count)
        XCTAssertEqual(rasl, traced.filter { $0 == 8 || $0 == 9 }.count)
        XCTAssertEqual(kinds[.idr], 1)
        XCTAssertEqual(kinds[.cra], 2, "keyint 10 over 30 frames, open GOPs")
        XCTAssertGreaterThan(rasl, 0)
        XCTAssertNil(kinds[.bla])

        // A CRA turned into a BLA (types 16 to 18 share its syntax), and a whole access unit with sets.
        var bla = try XCTUnwrap(units.first { $0.hevcType == 21 })
        bla.bytes[0] = bla.bytes[0] & 0x81 | 16 << 1
        XCTAssertEqual(detector.hevcRandomAccess(NALUnit.lengthPrefixed([bla])), .bla)
        let firstPicture = Array(units.prefix { $0.hevcType != 1 && $0.hevcType != 0 && $0.hevcType != 8 })
        XCTAssertEqual(annexB.hevcRandomAccess(NALUnit.annexB(firstPicture)), .idr)
        XCTAssertEqual(IDRDetector(codec: "h264", decoderConfiguration: []).hevcRandomAccess(NALUnit.annexB(firstPicture)), .none)
    }

    func testDolbyVisionRPUUnitsAreNotLayers() throws {
        let path = try HEVCTestMedia.realMedia("ax-dolbyVision-hdr.MOV")
        let annexB = [UInt8](try Tool.run("ffmpeg", ["-v", "error", "-nostdin", "-i", path, "-map", "0:v:0", "-frames:v", "1", "-c", "copy",
                                                      "-bsf:v", "hevc_mp4toannexb", "-f", "hevc", "-"]))
        let detector = IDRDetector(codec: "hevc", decoderConfiguration: [])
        let units = detector.nalUnits(in: annexB)
        XCTAssertTrue(units.contains { $0.hevcType == 62 }, "the RPU: \(units.map(\.hevcType))")
        XCTAssertEqual(Set(units.map(\.hevcLayerID)), [0])
        XCTAssertFalse(detector.containsLayeredUnits(annexB))
        XCTAssertEqual(detector.hevcRandomAccess(annexB), .idr)
        var layered = try XCTUnwrap(units.first { $0.hevcType == 62 })
        layered.bytes[1] |= 2 << 3
        XCTAssertTrue(detector.containsLayeredUnits(NALUnit.annexB(units + [layered])))
    }
}
