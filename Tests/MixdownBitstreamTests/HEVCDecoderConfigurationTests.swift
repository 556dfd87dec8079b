import Foundation
import MixdownBitstream
import MixdownTestSupport
import XCTest

/// `HEVCDecoderConfiguration`: records built against FFmpeg's MP4 muxer, and
/// merged records (the Dolby Vision clip's SEI array kept).
final class HEVCDecoderConfigurationTests: XCTestCase {
    func testAFreshRecordIsTheOneFFmpegsMuxerWrites() throws {
        let folder = try TemporaryFolder()
        for (name, params, source) in [("a", HEVCRenumberingTests.paramsA, "testsrc2"), ("b", HEVCRenumberingTests.paramsB, "mandelbrot")] {
            let stream = folder.file("\(name).hevc")
            try HEVCTestMedia.encode(stream, frames: 3, params: params, source: source)
            let movie = folder.file("\(name).mp4")
            _ = try Tool.run("ffmpeg", ["-v", "error", "-nostdin", "-i", stream, "-c", "copy", "-tag:v", "hvc1", movie])
            let units = NALUnit.units(inAnnexB: [UInt8](try Data(contentsOf: URL(fileURLWithPath: stream))))
            let sets = units.filter { (32...34).contains($0.hevcType) }
            XCTAssertEqual(sets.count, 3, "one of each before the first picture")
            let ours = try HEVCDecoderConfiguration.record(for: sets)
            XCTAssertEqual(ours, try HEVCTestMedia.hvcCRecord(inFile: movie), name)
            let parsed = try HEVCDecoderConfiguration(record: ours)
            XCTAssertEqual(parsed.numTemporalLayers, name == "a" ? 1 : 2)
            XCTAssertEqual(parsed.temporalIDNested, name == "a")
            XCTAssertEqual(try HEVCDecoderConfiguration(record: try HEVCDecoderConfiguration.record(for: sets, lengthSize: 2)).lengthSize, 2)
        }
    }

    func testMergingIntoTheDolbyVisionRecordKeepsItsSEIArrayAndAddsTheRenumberedSets() throws {
        let dvBytes = try HEVCTestMedia.hvcCRecord(inFile: try HEVCTestMedia.realMedia("ax-dolbyVision-hdr.MOV"))
        let dv = try HEVCDecoderConfiguration(record: dvBytes)
        let folder = try TemporaryFolder()
        let stream = folder.file("b.hevc")
        // 10-bit like the clip; temporal sub-layers and no WPP, unlike it.
        _ = try Tool.run("ffmpeg", ["-v", "error", "-nostdin", "-f", "lavfi", "-i", "testsrc2=s=320x240:r=30", "-frames:v", "2",
                                    "-pix_fmt", "yuv420p10le", "-c:v", "libx265", "-x265-params", HEVCRenumberingTests.paramsB + ":log-level=none",
                                    "-f", "hevc", stream])
        let units = NALUnit.units(inAnnexB: [UInt8](try Data(contentsOf: URL(fileURLWithPath: stream))))
        let sets = units.filter { (32...34).contains($0.hevcType) }
        let ids = try HEVCRenumbering.ids(avoiding: dv.units, stretch: sets)
        XCTAssertEqual(ids, HEVCParameterSetIDs(vps: 1, sps: 15, pps: 15))
        var renumbered: [NALUnit] = []
        for unit in sets { renumbered.append(try HEVCRenumbering.renumber(unit, to: ids)) }
        let added = try HEVCSequenceParameterSet(renumbered[1])

        let merged = try HEVCDecoderConfiguration(record: try XCTUnwrap(HEVCDecoderConfiguration.merging(dvBytes, with: renumbered)))
        XCTAssertEqual(merged.arrays.map(\.type), [32, 33, 34, 39])
        XCTAssertEqual(merged.arrays.map(\.complete), [true, true, true, dv.arrays[3].complete])
        XCTAssertEqual(merged.arrays[3], dv.arrays[3], "the SEI array as it was")
        for index in 0..<3 { XCTAssertEqual(merged.arrays[index].units, dv.arrays[index].units + [renumbered[index]]) }
        var spsIDs: [Int] = []
        for unit in merged.arrays[1].units { spsIDs.append(try HEVCSequenceParameterSet(unit).spsID) }
        XCTAssertEqual(spsIDs, [0, 15])
        XCTAssertEqual(try HEVCPictureParameterSet(merged.arrays[2].units[1]).ppsID, 15)

        // Header: the record's profile and formats, the higher level, the flags ANDed, the length size kept.
        let source = dv.profileTierLevel
        XCTAssertGreaterThan(source.levelIDC, added.profileTierLevel.levelIDC, "the clip's level 3.1 is above a 320x240 stream's")
        XCTAssertEqual(merged.levelIDC, source.levelIDC)
        XCTAssertEqual(merged.profileIDC, 2)
        XCTAssertEqual(merged.compatibilityFlags, source.compatibilityFlags & added.profileTierLevel.compatibilityFlags)
        XCTAssertEqual(merged.constraintFlags, source.constraintFlags & added.profileTierLevel.constraintFlags)
        XCTAssertEqual([merged.chromaFormat, merged.bitDepthLuma, merged.bitDepthChroma], [dv.chromaFormat, 10, 10])
        XCTAssertEqual(merged.lengthSize, dv.lengthSize)
        XCTAssertEqual(merged.parallelismType, 0)
        XCTAssertEqual(merged.numTemporalLayers, 0, "1 in the clip, 2 in the added SPS: unknown")
        XCTAssertFalse(merged.temporalIDNested)
        // FFmpeg's parser reads the merged record's units in the same order.
        let other = try XCTUnwrap(NALUnit.parameterSets(inDecoderConfiguration: merged.record, codecName: "hevc"))
        XCTAssertEqual(other.units, merged.units)

        // The other way round: the added DV sets raise the level of the small stream's record to the clip's.
        let small = try HEVCDecoderConfiguration.record(for: renumbered)
        let raised = try HEVCDecoderConfiguration(record: try XCTUnwrap(HEVCDecoderConfiguration.merging(small, with: dv.units)))
        XCTAssertEqual(raised.levelIDC, source.levelIDC)
        XCTAssertEqual(raised.arrays.map(\.type), [32, 33, 34, 39], "the clip's SEI unit gets an array of its own")
        XCTAssertEqual(raised.arrays[1].units.count, 2)
        var highTier = source
        highTier.highTier = true
        highTier.levelIDC = 60
        var header = try HEVCDecoderConfiguration(record: small)
        header.profileTierLevel = highTier
        let tiered = try HEVCDecoderConfiguration(record: try XCTUnwrap(HEVCDecoderConfiguration.merging(header.record, with: dv.units)))
        XCTAssertTrue(tiered.highTier)
        XCTAssertEqual(tiered.levelIDC, source.levelIDC)
    }
}
