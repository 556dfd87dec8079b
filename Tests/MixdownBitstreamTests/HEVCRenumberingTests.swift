import Foundation
import MixdownBitstream
import MixdownTestSupport
import XCTest

/// `HEVCRenumbering` on libx265 streams made at test time, checked by parsing
/// the result again, by ffmpeg's `trace_headers`, and by decoding: the pictures
/// (framemd5, MD5 picture-hash SEI checked with `-err_detect crccheck`) must not change.
final class HEVCRenumberingTests: XCTestCase {
    /// Open GOPs (CRA and RASL pictures), B-frames, WPP, picture hashes.
    static let paramsA = "keyint=10:bframes=3:hash=1"
    /// Another stream: two temporal sub-layers (TSA pictures, a PTL with sub-layer
    /// flags), no WPP, other CRF and GOP.
    static let paramsB = "keyint=15:bframes=2:crf=35:wpp=0:temporal-layers=1:hash=1"

    func testRenumberedUnitsParseToTheSameFieldsWithTheNewIdsAndDecodeToTheSamePictures() throws {
        let folder = try TemporaryFolder()
        for (name, params, source) in [("a", Self.paramsA, "testsrc2"), ("b", Self.paramsB, "mandelbrot")] {
            let original = folder.file("\(name).hevc")
            try HEVCTestMedia.encode(original, params: params, source: source)
            let units = NALUnit.units(inAnnexB: [UInt8](try Data(contentsOf: URL(fileURLWithPath: original))))
            let ids = HEVCParameterSetIDs(vps: 1, sps: 15, pps: 16)
            var renumbered: [NALUnit] = []
            for unit in units { renumbered.append(try HEVCRenumbering.renumber(unit, to: ids)) }

            var counts: [Int: Int] = [:]
            for (old, new) in zip(units, renumbered) {
                counts[old.hevcType, default: 0] += 1
                XCTAssertEqual(Array(new.bytes.prefix(2)), Array(old.bytes.prefix(2)), "the NAL header stays")
                switch old.hevcType {
                case 32:
                    var expected = try HEVCVideoParameterSet(old)
                    expected.vpsID = 1
                    XCTAssertEqual(try HEVCVideoParameterSet(new), expected)
                case 33:
                    var expected = try HEVCSequenceParameterSet(old)
                    (expected.vpsID, expected.spsID) = (1, 15)
                    XCTAssertEqual(try HEVCSequenceParameterSet(new), expected)
                    XCTAssertEqual(new.bytes.count, old.bytes.count + 1, "ue(0) to ue(15): one byte more (no escape changed here)")
                case 34:
                    var expected = try HEVCPictureParameterSet(old)
                    (expected.ppsID, expected.spsID) = (16, 15)
                    XCTAssertEqual(try HEVCPictureParameterSet(new), expected)
                case 0...21:
                    // One byte more, and the slice data is the old bytes, copied.
                    XCTAssertEqual(new.bytes.count, old.bytes.count + 1)
                    XCTAssertEqual(Array(new.bytes.suffix(old.bytes.count - 8)), Array(old.bytes.suffix(old.bytes.count - 8)))
                default:
                    XCTAssertEqual(new, old, "type \(old.hevcType) is not touched")
                }
            }
            let vclTypes = Set(counts.keys.filter { $0 < 32 })
            XCTAssertTrue(vclTypes.isSuperset(of: name == "a" ? [0, 1, 8, 9, 20, 21] : [1, 2, 8, 9, 20, 21]), "\(counts)")
            let path = folder.file("\(name)-renumbered.hevc")
            try Data(NALUnit.annexB(renumbered)).write(to: URL(fileURLWithPath: path))

            // trace_headers sees the new ids, and every other field as before.
            let before = try HEVCTestMedia.traceHeaders(original, frames: 1000)
            let after = try HEVCTestMedia.traceHeaders(path, frames: 1000)
            XCTAssertEqual(after.map(\.title), before.map(\.title))
            let newIDs = ["vps_video_parameter_set_id": 1, "sps_video_parameter_set_id": 1, "sps_seq_parameter_set_id": 15,
                          "pps_pic_parameter_set_id": 16, "pps_seq_parameter_set_id": 15, "slice_pic_parameter_set_id": 16]
            var slices = 0
            for (old, new) in zip(before, after) {
                var expected = old.fields
                for (key, value) in newIDs where expected[key] != nil {
                    XCTAssertEqual(expected[key], 0, "\(old.title) \(key)")
                    expected[key] = value
                }
                XCTAssertEqual(new.fields, expected, old.title)
                if new.fields["slice_pic_parameter_set_id"] != nil { slices += 1 }
            }
            XCTAssertEqual(slices, 30, "one slice segment per picture")

            // The same pictures, and no decoder complaint (the MD5 SEI checked).
            let reference = try HEVCTestMedia.frameMD5(original)
            let result = try HEVCTestMedia.frameMD5(path)
            XCTAssertEqual(reference.lines.count, 30)
            XCTAssertEqual(result.lines, reference.lines)
            XCTAssertEqual(result.errors, "")
            XCTAssertEqual(reference.errors, "")
        }
    }

    func testASpliceOfTwoEncodesWithTheSecondRenumberedDecodesBothWhole() throws {
        let folder = try TemporaryFolder()
        let (pathA, pathB) = (folder.file("a.hevc"), folder.file("b.hevc"))
        try HEVCTestMedia.encode(pathA, params: Self.paramsA)
        try HEVCTestMedia.encode(pathB, params: Self.paramsB, source: "mandelbrot")
        let unitsA = NALUnit.units(inAnnexB: [UInt8](try Data(contentsOf: URL(fileURLWithPath: pathA))))
        let unitsB = NALUnit.units(inAnnexB: [UInt8](try Data(contentsOf: URL(fileURLWithPath: pathB))))
        let ids = try HEVCRenumbering.ids(avoiding: unitsA, stretch: unitsB)
        XCTAssertEqual(ids, HEVCParameterSetIDs(vps: 1, sps: 15, pps: 15))
        var renumbered: [NALUnit] = []
        for unit in unitsB { renumbered.append(try HEVCRenumbering.renumber(unit, to: ids)) }
        let splice = folder.file("splice.hevc")
        try Data(NALUnit.annexB(unitsA) + NALUnit.annexB(renumbered)).write(to: URL(fileURLWithPath: splice))

        let (a, b, spliced) = (try HEVCTestMedia.frameMD5(pathA), try HEVCTestMedia.frameMD5(pathB), try HEVCTestMedia.frameMD5(splice))
        XCTAssertEqual(spliced.errors, "")
        XCTAssertEqual(spliced.lines.count, a.lines.count + b.lines.count)
        XCTAssertEqual(HEVCTestMedia.hashes(spliced.lines), HEVCTestMedia.hashes(a.lines) + HEVCTestMedia.hashes(b.lines))


        // As an hvc1 track holds them: every set once, before all pictures, none in-band. x265 repeats
        // its sets at each keyframe, unchanged.
        func sets(_ units: [NALUnit]) -> [NALUnit] {
            var unique: [NALUnit] = []
            for unit in units where (32...34).contains(unit.hevcType) && !unique.contains(unit) { unique.append(unit) }
            return unique
        }
        func pictures(_ units: [NALUnit]) -> [NALUnit] { units.filter { !(32...34).contains($0.hevcType) } }
        XCTAssertEqual(sets(unitsA).count, 3)
        XCTAssertEqual(sets(renumbered).count, 3)
        let upFront = folder.file("upfront.hevc")
        try Data(NALUnit.annexB(sets(unitsA) + sets(renumbered) + pictures(unitsA) + pictures(renumbered))).write(to: URL(fileURLWithPath: upFront))
        let decoded = try HEVCTestMedia.frameMD5(upFront)
        XCTAssertEqual(decoded.errors, "")
        XCTAssertEqual(HEVCTestMedia.hashes(decoded.lines), HEVCTestMedia.hashes(a.lines) + HEVCTestMedia.hashes(b.lines))

        // The control: without renumbering, the second stream's sets replace the first's.
        let control = folder.file("control.hevc")
        try Data(NALUnit.annexB(sets(unitsA) + sets(unitsB) + pictures(unitsA) + pictures(unitsB))).write(to: URL(fileURLWithPath: control))
        let broken = try? HEVCTestMedia.frameMD5(control)
        XCTAssertNotEqual(broken.map { HEVCTestMedia.hashes($0.lines) }, HEVCTestMedia.hashes(a.lines) + HEVCTestMedia.hashes(b.lines))
    }

    func testIdsAvoidTheSourceAndRefuseWhatCannotBeRenumbered() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("a.hevc")
        try HEVCTestMedia.encode(path, frames: 3, params: Self.paramsA)
        let units = NALUnit.units(inAnnexB: [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
        let sets = units.filter { (32...34).contains($0.hevcType) }
        XCTAssertEqual(try HEVCRenumbering.ids(avoiding: sets, stretch: sets), HEVCParameterSetIDs(vps: 1, sps: 15, pps: 15))

        let taken = HEVCParameterSetIDs(vps: 1, sps: 15, pps: 15)
        var renumbered: [NALUnit] = []
        for unit in sets { renumbered.append(try HEVCRenumbering.renumber(unit, to: taken)) }
        // A source that holds both: the next free VPS and PPS ids, and SPS 15 refused.
        XCTAssertThrowsError(try HEVCRenumbering.ids(avoiding: sets + renumbered, stretch: sets)) {
            XCTAssertEqual($0 as? BitstreamError, .unsupported("SPS id 15 is in use by the source"))
        }
        XCTAssertEqual(try HEVCRenumbering.ids(avoiding: sets + renumbered.filter { $0.hevcType != 33 }, stretch: sets),
                       HEVCParameterSetIDs(vps: 2, sps: 15, pps: 16))
        XCTAssertThrowsError(try HEVCRenumbering.ids(avoiding: sets, stretch: renumbered)) { error in
            guard case .unsupported(let reason) = error as? BitstreamError else { return XCTFail("\(error)") }
            XCTAssertTrue(reason.contains("not 0"), reason)
        }

        // 0 to 1 is 1 bit to 3: not a whole byte.
        let pps = try XCTUnwrap(sets.first { $0.hevcType == 34 })
        let slice = try XCTUnwrap(units.first { $0.hevcType < 32 })
        for unit in [pps, slice] {
            XCTAssertThrowsError(try HEVCRenumbering.renumber(unit, to: HEVCParameterSetIDs(vps: 1, sps: 15, pps: 1))) { error in
                guard case .unsupported(let reason) = error as? BitstreamError else { return XCTFail("\(error)") }
                XCTAssertTrue(reason.hasPrefix("an id change of 0 to 1 is not a whole byte"), reason)
            }
        }
        // A unit renumbered once has ids that are not 0.
        XCTAssertThrowsError(try HEVCRenumbering.renumber(try HEVCRenumbering.renumber(slice, to: taken), to: taken)) {
            XCTAssertEqual($0 as? BitstreamError, .unsupported("slice_pic_parameter_set_id is 15, not 0"))
        }
        var layered = slice
        layered.bytes[1] |= 1 << 3
        XCTAssertThrowsError(try HEVCRenumbering.renumber(layered, to: taken)) {
            XCTAssertEqual($0 as? BitstreamError, .unsupported("nuh_layer_id 1 (layered HEVC)"))
        }
    }

    func testEscapesInTheRewrittenHeadAreRedoneAndTheSliceDataIsCopied() throws {
        // A TRAIL_R slice whose payload after the id is 00 00 01…: escaped 00 00 03 01 in the unit.
        // Bits: first_slice_segment_in_pic_flag 1, ue(0) 1, six 0 bits, then 00 00 01 and data.
        let rbsp: [UInt8] = [0xC0, 0x00, 0x00, 0x01, 0x7F, 0x00, 0x00, 0x02, 0x80]
        let unit = NALUnit(bytes: [0x02, 0x01] + EmulationPrevention.escaped(rbsp))
        XCTAssertEqual(unit.bytes, [0x02, 0x01, 0xC0, 0x00, 0x00, 0x03, 0x01, 0x7F, 0x00, 0x00, 0x03, 0x02, 0x80])
        let new = try HEVCRenumbering.renumber(unit, to: HEVCParameterSetIDs(vps: 1, sps: 15, pps: 16))
        // 1, ue(16) = 000010001, then the old bits from bit 2: 10000100 01000000 00000000 00000000 00000001 …
        XCTAssertEqual(EmulationPrevention.rbsp(new.bytes[2...]), [0x84, 0x40, 0x00, 0x00, 0x01, 0x7F, 0x00, 0x00, 0x02, 0x80])
        XCTAssertEqual(new.bytes, [0x02, 0x01, 0x84, 0x40, 0x00, 0x00, 0x03, 0x01, 0x7F, 0x00, 0x00, 0x03, 0x02, 0x80])
    }

    func testSEIPayloadTypesAreListed() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("hrd.hevc")
        // hrd=1 makes x265 write buffering-period (0) and active-parameter-sets (129) SEI, which name ids.
        try HEVCTestMedia.encode(path, frames: 2, params: "hrd=1:vbv-bufsize=1000:vbv-maxrate=1000:hash=1:repeat-headers=1")
        let units = NALUnit.units(inAnnexB: [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
        var types: [[Int]] = []
        for unit in units where unit.hevcType == 39 || unit.hevcType == 40 { types.append(try HEVCRenumbering.seiPayloadTypes(unit)) }
        // x265 writes one message per unit; trace_headers names its type.
        let traced = try HEVCTestMedia.traceHeaders(path, frames: 1000).filter { $0.title.contains("Supplemental") }
        XCTAssertEqual(types, try traced.map { [try $0("last_payload_type_byte")] })
        XCTAssertTrue(Set(types.joined()).isSuperset(of: [0, 1, 5, 129, 132]), "\(types)")
        XCTAssertTrue(try HEVCRenumbering.seiPayloadTypes(NALUnit(bytes: [0x4E, 0x01, 0x05, 0x02, 0xAA, 0xBB, 0x04, 0x01, 0xCC, 0x80])) == [5, 4])
    }
}
