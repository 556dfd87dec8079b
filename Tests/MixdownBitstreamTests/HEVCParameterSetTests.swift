import Foundation
import MixdownBitstream
import MixdownTestSupport
import XCTest

/// The VPS, SPS and PPS of the corpus's `hvcC` records, parsed, against
/// ffmpeg's `trace_headers` and ffprobe.
final class HEVCParameterSetTests: XCTestCase {
    /// What the plan's table says of each file, checked besides the oracles.
    private struct Expected {
        var name: String
        var profileIDC: Int
        var size: (Int, Int)
        var depth: Int
        var wavefront: Bool
        var tiles: Bool
        var arrayTypes: [Int]
    }

    private let files = [
        Expected(name: "ax-h265_bframes.mp4", profileIDC: 1, size: (854, 480), depth: 8, wavefront: true, tiles: false, arrayTypes: [32, 33, 34]),
        Expected(name: "ax-h265_with_metadata_track.mp4", profileIDC: 1, size: (1920, 1080), depth: 8, wavefront: false, tiles: true,
                 arrayTypes: [32, 33, 34]),
        Expected(name: "ax-dolbyVision-hdr.MOV", profileIDC: 2, size: (1280, 720), depth: 10, wavefront: true, tiles: false,
                 arrayTypes: [32, 33, 34, 39]),
        Expected(name: "ax-hlg10-color-test.mp4", profileIDC: 2, size: (1920, 1080), depth: 10, wavefront: false, tiles: false,
                 arrayTypes: [32, 33, 34]),
    ]

    func testTheCorpusRecordsParseAsTraceHeadersAndFFprobeReadThem() throws {
        for file in files {
            let path = try HEVCTestMedia.realMedia(file.name)
            let bytes = try HEVCTestMedia.hvcCRecord(inFile: path)
            let record = try HEVCDecoderConfiguration(record: bytes)
            XCTAssertEqual(record.record, bytes, "\(file.name): the record is written back as read")
            XCTAssertEqual(record.arrays.map(\.type), file.arrayTypes, file.name)
            let other = try XCTUnwrap(NALUnit.parameterSets(inDecoderConfiguration: bytes, codecName: "hevc"))
            XCTAssertEqual(record.units, other.units)
            XCTAssertEqual(record.lengthSize, other.lengthSize)

            let traces = try HEVCTestMedia.traceHeaders(path)
            let vpsTrace = try XCTUnwrap(traces.first { $0.title == "Video Parameter Set" })
            let spsTrace = try XCTUnwrap(traces.first { $0.title == "Sequence Parameter Set" })
            let ppsTrace = try XCTUnwrap(traces.first { $0.title == "Picture Parameter Set" })
            let vps = try HEVCVideoParameterSet(try XCTUnwrap(record.units.first { $0.hevcType == 32 }))
            let sps = try HEVCSequenceParameterSet(try XCTUnwrap(record.units.first { $0.hevcType == 33 }))
            let pps = try HEVCPictureParameterSet(try XCTUnwrap(record.units.first { $0.hevcType == 34 }))

            XCTAssertEqual(vps.vpsID, try vpsTrace("vps_video_parameter_set_id"))
            XCTAssertEqual(vps.maxSubLayersMinus1, try vpsTrace("vps_max_sub_layers_minus1"))
            try assertPTL(vps.profileTierLevel, vpsTrace, file.name)
            try assertPTL(sps.profileTierLevel, spsTrace, file.name)

            XCTAssertEqual(sps.vpsID, try spsTrace("sps_video_parameter_set_id"))
            XCTAssertEqual(sps.maxSubLayersMinus1, try spsTrace("sps_max_sub_layers_minus1"))
            XCTAssertEqual(sps.temporalIDNesting, try spsTrace("sps_temporal_id_nesting_flag") == 1)
            XCTAssertEqual(sps.spsID, try spsTrace("sps_seq_parameter_set_id"))
            XCTAssertEqual(sps.chromaFormat, try spsTrace("chroma_format_idc"))
            XCTAssertEqual(sps.width, try spsTrace("pic_width_in_luma_samples"))
            XCTAssertEqual(sps.height, try spsTrace("pic_height_in_luma_samples"))
            let window = sps.conformanceWindow
            XCTAssertEqual([window.left, window.right, window.top, window.bottom],
                           ["left", "right", "top", "bottom"].map { spsTrace.fields["conf_win_\($0)_offset"] ?? 0 })
            XCTAssertEqual(sps.bitDepthLuma, try spsTrace("bit_depth_luma_minus8") + 8)
            XCTAssertEqual(sps.bitDepthChroma, try spsTrace("bit_depth_chroma_minus8") + 8)
            XCTAssertEqual(sps.log2MaxPicOrderCountLSB, try spsTrace("log2_max_pic_order_cnt_lsb_minus4") + 4)
            let top = sps.maxSubLayersMinus1
            XCTAssertEqual(sps.maxDecPicBuffering, try spsTrace("sps_max_dec_pic_buffering_minus1[\(top)]") + 1)
            XCTAssertEqual(sps.maxNumReorderPics, try spsTrace("sps_max_num_reorder_pics[\(top)]"))
            XCTAssertEqual(sps.maxLatencyIncrease, try spsTrace("sps_max_latency_increase_plus1[\(top)]"))

            XCTAssertEqual(pps.ppsID, try ppsTrace("pps_pic_parameter_set_id"))
            XCTAssertEqual(pps.spsID, try ppsTrace("pps_seq_parameter_set_id"))
            XCTAssertEqual(pps.dependentSliceSegments, try ppsTrace("dependent_slice_segments_enabled_flag") == 1)
            XCTAssertEqual(pps.outputFlagPresent, try ppsTrace("output_flag_present_flag") == 1)
            XCTAssertEqual(pps.numExtraSliceHeaderBits, try ppsTrace("num_extra_slice_header_bits"))
            XCTAssertEqual(pps.tilesEnabled, try ppsTrace("tiles_enabled_flag") == 1)
            XCTAssertEqual(pps.entropyCodingSync, try ppsTrace("entropy_coding_sync_enabled_flag") == 1)

            // ffprobe: the shown size, level, profile, depth and reorder.
            let stream = try XCTUnwrap(try Tool.streams(path).first { $0["codec_type"] as? String == "video" })
            XCTAssertEqual(sps.croppedWidth, stream["width"] as? Int, file.name)
            XCTAssertEqual(sps.croppedHeight, stream["height"] as? Int, file.name)
            XCTAssertEqual(sps.profileTierLevel.levelIDC, stream["level"] as? Int, file.name)
            XCTAssertEqual(sps.profileTierLevel.profileIDC == 2 ? "Main 10" : "Main", stream["profile"] as? String, file.name)
            XCTAssertEqual(sps.bitDepthLuma == 10, (stream["pix_fmt"] as? String)?.hasSuffix("10le"), file.name)
            XCTAssertEqual(sps.maxNumReorderPics, stream["has_b_frames"] as? Int, file.name)

            // The plan's table.
            XCTAssertEqual(sps.profileTierLevel.profileIDC, file.profileIDC, file.name)
            XCTAssertEqual(sps.croppedWidth, file.size.0, file.name)
            XCTAssertEqual(sps.croppedHeight, file.size.1, file.name)
            XCTAssertEqual([sps.bitDepthLuma, sps.bitDepthChroma], [file.depth, file.depth], file.name)
            XCTAssertEqual(pps.entropyCodingSync, file.wavefront, file.name)
            XCTAssertEqual(pps.tilesEnabled, file.tiles, file.name)

            // The header agrees with the SPS, but for the chroma format of the file whose writer got it wrong.
            XCTAssertEqual(record.profileTierLevel, sps.profileTierLevel, file.name)
            XCTAssertEqual([record.bitDepthLuma, record.bitDepthChroma], [sps.bitDepthLuma, sps.bitDepthChroma], file.name)
            XCTAssertEqual(record.chromaFormat == sps.chromaFormat, file.name != "ax-h265_with_metadata_track.mp4", file.name)
        }
        XCTAssertEqual(try HEVCSequenceParameterSet(try record("ax-h265_bframes.mp4").units[1]).maxNumReorderPics, 2)
    }

    func testWrongAndLayeredUnitsAreRefused() throws {
        let units = try record("ax-h265_bframes.mp4").units
        XCTAssertThrowsError(try HEVCSequenceParameterSet(units[0])) { XCTAssertEqual($0 as? BitstreamError, .invalid("NAL type 32 is not a SPS (33)")) }
        var layered = units[1]
        layered.bytes[1] |= 1 << 3  // nuh_layer_id 1
        XCTAssertEqual(layered.hevcLayerID, 1)
        XCTAssertThrowsError(try HEVCSequenceParameterSet(layered)) {
            XCTAssertEqual($0 as? BitstreamError, .unsupported("nuh_layer_id 1 (layered HEVC)"))
        }
        XCTAssertThrowsError(try HEVCPictureParameterSet(NALUnit(bytes: Array(units[2].bytes.prefix(4))))) { error in
            guard case .truncated = error as? BitstreamError else { return XCTFail("\(error)") }
        }
        XCTAssertThrowsError(try HEVCDecoderConfiguration(record: [1, 2, 3])) { error in
            guard case .truncated = error as? BitstreamError else { return XCTFail("\(error)") }
        }
        XCTAssertNil(HEVCDecoderConfiguration.merging([2] + [UInt8](repeating: 0, count: 22), with: []))
    }

    /// The corpus file's `hvcC`, parsed.
    private func record(_ name: String) throws -> HEVCDecoderConfiguration {
        try HEVCDecoderConfiguration(record: try HEVCTestMedia.hvcCRecord(inFile: try HEVCTestMedia.realMedia(name)))
    }

    /// `ptl` against the general profile, tier and level fields of `trace`.
    private func assertPTL(_ ptl: HEVCProfileTierLevel, _ trace: HEVCTestMedia.Trace, _ name: String,
                           file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertEqual(ptl.profileSpace, try trace("general_profile_space"), name, file: file, line: line)
        XCTAssertEqual(ptl.highTier, try trace("general_tier_flag") == 1, name, file: file, line: line)
        XCTAssertEqual(ptl.profileIDC, try trace("general_profile_idc"), name, file: file, line: line)
        XCTAssertEqual(ptl.levelIDC, try trace("general_level_idc"), name, file: file, line: line)
        var flags: UInt32 = 0
        for index in 0..<32 { flags = flags << 1 | UInt32(try trace("general_profile_compatibility_flag[\(index)]")) }
        XCTAssertEqual(ptl.compatibilityFlags, flags, name, file: file, line: line)
        let source = try ["progressive_source", "interlaced_source", "non_packed_constraint", "frame_only_constraint"]
            .reduce(UInt64(0)) { $0 << 1 | UInt64(try trace("general_\($1)_flag")) }
        XCTAssertEqual(ptl.constraintFlags >> 44, source, name, file: file, line: line)
    }
}
