import Foundation
import MixdownBitstream
import MixdownTestSupport
import XCTest

/// `IDRDetector`'s HEVC units: split as stored, with the types and layers a
/// scan reads from them (IDR, CRA, RASL, layered units).
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
        var types: [Int] = []
        var idr = 0
        for unit in units where unit.hevcType < 32 {
            let sample = NALUnit.lengthPrefixed([unit])
            XCTAssertEqual(detector.nalUnits(in: sample), [unit])
            XCTAssertEqual(annexB.nalUnits(in: NALUnit.annexB([unit])), [unit])
            // Cut to its header where its body is not asked for.
            XCTAssertEqual(detector.nalUnits(in: sample, keepingBodyWhere: { _ in false }), [NALUnit(bytes: Array(unit.bytes.prefix(2)))])
            types += detector.nalUnits(in: sample, keepingBodyWhere: { _ in false }).map(\.hevcType)
            XCTAssertEqual(detector.nalUnits(in: sample).map(\.hevcLayerID), [0])
            if detector.isIDR(sample) { idr += 1 }
        }
        // ffprobe's picture types come from the same headers; count the NAL types through trace_headers instead.
        let traced = try HEVCTestMedia.traceHeaders(stream, frames: 1000).compactMap { $0.fields["nal_unit_type"] }
        XCTAssertEqual(types, traced.filter { $0 < 32 })
        XCTAssertEqual(idr, traced.filter { $0 == 19 || $0 == 20 }.count)
        XCTAssertEqual(idr, 1)
        XCTAssertEqual(types.filter { $0 == 21 }.count, 2, "keyint 10 over 30 frames, open GOPs: CRAs")
        XCTAssertGreaterThan(types.filter { $0 == 8 || $0 == 9 }.count, 0, "RASL pictures")
    }

    func testDolbyVisionRPUUnitsAreNotLayers() throws {
        let path = try HEVCTestMedia.realMedia("ax-dolbyVision-hdr.MOV")
        let annexB = [UInt8](try Tool.run("ffmpeg", ["-v", "error", "-nostdin", "-i", path, "-map", "0:v:0", "-frames:v", "1", "-c", "copy",
                                                      "-bsf:v", "hevc_mp4toannexb", "-f", "hevc", "-"]))
        let detector = IDRDetector(codec: "hevc", decoderConfiguration: [])
        let units = detector.nalUnits(in: annexB)
        XCTAssertTrue(units.contains { $0.hevcType == 62 }, "the RPU: \(units.map(\.hevcType))")
        XCTAssertEqual(Set(units.map(\.hevcLayerID)), [0])
        XCTAssertTrue(detector.isIDR(annexB))
        var layered = try XCTUnwrap(units.first { $0.hevcType == 62 })
        layered.bytes[1] |= 2 << 3
        XCTAssertEqual(detector.nalUnits(in: NALUnit.annexB(units + [layered])).last?.hevcLayerID, 2)
    }
}
