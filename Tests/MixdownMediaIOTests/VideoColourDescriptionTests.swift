import Foundation
import MixdownComposition
import MixdownMediaIO
import MixdownTestSupport
import XCTest

/// A clip's colour as the probe and the clip scan read it, field by field
/// against ffprobe: the codec parameters' names, the pixel format's depth
/// (ffprobe's own table of pixel formats), the stream's side data (Dolby
/// Vision's record) and the first frame's (the HDR10 metadata x265 and x264
/// write only in SEI).
final class VideoColourDescriptionTests: XCTestCase {
    /// The corpus's HLG, Dolby Vision 8.4 and SDR clips (one untagged, one tagged BT.601).
    static let realClips = ["ax-hlg10-color-test.mp4", "ax-dolbyVision-hdr.MOV", "ax-sample.mp4", "ax-bt601.mov"]

    func testRealClipsMatchFFprobe() throws {
        for name in Self.realClips {
            try assertMatchesFFprobe(try Fixture.realMedia(name))
        }
    }

    /// What the corpus's clips are, by hand: the iPhone-style HLG clips, the
    /// Dolby Vision one as profile 8.4, the SDR ones as 8-bit SDR.
    func testRealClipsDynamicRange() throws {
        let hlg = try colour(try Fixture.realMedia("ax-hlg10-color-test.mp4"))
        XCTAssertEqual(hlg.dynamicRange, .hlg)
        XCTAssertEqual(hlg.label, "HLG 10-bit")
        XCTAssertNil(hlg.dolbyVision)
        let dolby = try colour(try Fixture.realMedia("ax-dolbyVision-hdr.MOV"))
        XCTAssertEqual(dolby.dynamicRange, .hlg)
        XCTAssertEqual(dolby.dolbyVision?.name, "8.4")
        XCTAssertTrue(dolby.exceedsEightBitSDR)
        for name in ["ax-sample.mp4", "ax-bt601.mov"] {
            let sdr = try colour(try Fixture.realMedia(name))
            XCTAssertEqual(sdr.label, "SDR 8-bit", name)
            XCTAssertFalse(sdr.exceedsEightBitSDR, name)
        }
    }

    /// HDR10 made here by libx265 and libx264, its mastering display and light
    /// levels in SEI only: read without decoding, equal to what FFmpeg's decoder
    /// puts in the first frame's side data, and to the values given the encoder
    /// (L(10000000,50) is 1000 and 0.005 cd/m²; chromaticities in 0.00002).
    func testHDR10MetadataFromSEI() throws {
        let folder = try TemporaryFolder()
        let params = "G(13250,34500)B(7500,3000)R(34000,16000)WP(15635,16450)L(10000000,50)"
        let encoders = [
            ("pq-hevc.mp4", ["-c:v", "libx265", "-tag:v", "hvc1", "-x265-params",
                             "log-level=error:hdr10=1:master-display=\(params):max-cll=1000,400:colorprim=bt2020:transfer=smpte2084:colormatrix=bt2020nc"]),
            ("pq-h264.mp4", ["-c:v", "libx264", "-x264-params", "mastering-display=\(params):cll=1000,400"]),
        ]
        for (name, codec) in encoders {
            let path = folder.file(name)
            _ = try Tool.run("ffmpeg", ["-v", "error", "-nostdin", "-y", "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=25:duration=0.2",
                                        "-pix_fmt", "yuv420p10le"] + codec
                                 + ["-color_primaries", "bt2020", "-color_trc", "smpte2084", "-colorspace", "bt2020nc", path])
            try assertMatchesFFprobe(path)
            let pq = try colour(path)
            XCTAssertEqual(pq.dynamicRange, .pq, name)
            XCTAssertEqual(pq.bitDepth, 10, name)
            let display = try XCTUnwrap(pq.masteringDisplay, name)
            XCTAssertEqual(display.maxLuminance, 1000, name)
            XCTAssertEqual(display.minLuminance, 0.005, name)
            XCTAssertEqual(display.red, MasteringDisplay.Chromaticity(x: 0.68, y: 0.32), name)
            XCTAssertEqual(display.green, MasteringDisplay.Chromaticity(x: 0.265, y: 0.69), name)
            XCTAssertEqual(display.blue, MasteringDisplay.Chromaticity(x: 0.15, y: 0.06), name)
            XCTAssertEqual(display.whitePoint, MasteringDisplay.Chromaticity(x: 0.3127, y: 0.329), name)
            XCTAssertEqual(pq.contentLightLevel, ContentLightLevel(maxContentLightLevel: 1000, maxFrameAverageLightLevel: 400), name)
        }
    }

    /// `probe --json`'s encoding: the dynamic range written beside the facts, and read back to the same value.
    func testJSONCarriesTheDynamicRange() throws {
        let dolby = try colour(try Fixture.realMedia("ax-dolbyVision-hdr.MOV"))
        let data = try JSONEncoder().encode(dolby)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        XCTAssertEqual(object["dynamicRange"] as? String, "HLG")
        XCTAssertEqual(object["transfer"] as? String, "arib-std-b67")
        XCTAssertEqual((object["dolbyVision"] as? [String: Any])?["profile"] as? Int, 8)
        XCTAssertEqual(try JSONDecoder().decode(VideoColourDescription.self, from: data), dolby)
    }

    // MARK: - Helpers

    /// The colour of `path`'s first video stream by a full probe.
    private func colour(_ path: String) throws -> VideoColourDescription {
        let info = try MediaProbe.probe(path: path)
        return try XCTUnwrap(info.firstStream(.video)?.colour, path)
    }

    /// Every field of the first video stream's colour, from a full and a quick
    /// probe and from the clip scan, against ffprobe's stream and first frame.
    private func assertMatchesFFprobe(_ path: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let name = (path as NSString).lastPathComponent
        let stream = try XCTUnwrap(try Tool.probe(path, ["-select_streams", "v:0", "-show_streams"])["streams"] as? [[String: Any]]).first
        let theirs = try XCTUnwrap(stream, name)
        let frames = try XCTUnwrap(try Tool.probe(path, ["-select_streams", "v:0", "-read_intervals", "%+#1", "-show_frames"])["frames"] as? [[String: Any]])
        let frameSideData = frames.first?["side_data_list"] as? [[String: Any]] ?? []
        let streamSideData = theirs["side_data_list"] as? [[String: Any]] ?? []
        func sideData(_ type: String) -> [String: Any]? {
            (streamSideData + frameSideData).first { $0["side_data_type"] as? String == type }
        }
        // ffprobe says unknown or unspecified where FFmpeg's enum is unspecified.
        func named(_ key: String) -> String? {
            (theirs[key] as? String).flatMap { ["unknown", "unspecified"].contains($0) ? nil : $0 }
        }
        let expectedDepth = try depth(ofPixelFormat: try XCTUnwrap(theirs["pix_fmt"] as? String, name))
        // FFmpeg 5.1's H.264 decoder exports neither SEI to frames: there the
        // oracle is the first packet's SEI as the trace_headers filter reads it.
        let traced = sideData("Mastering display metadata") == nil ? try tracedSEI(path) : [:]
        let ours = [
            ("full probe", try XCTUnwrap(try MediaProbe.probe(path: path).firstStream(.video)?.colour)),
            ("quick probe", try XCTUnwrap(try MediaProbe.probe(path: path, depth: .quick).firstStream(.video)?.colour)),
            ("clip scan", try VideoClipInfo(path: path).format.colour),
        ]
        for (how, colour) in ours {
            let label = "\(name), \(how)"
            // A quick probe does not analyse the video: what only the bitstream states
            // (an H.264 SPS's depth, range, siting) may be unknown, never different.
            let exact = how != "quick probe"
            func check<T: Equatable>(_ value: T?, _ expected: T?, _ what: String) {
                if exact || value != nil { XCTAssertEqual(value, expected, "\(label): \(what)", file: file, line: line) }
            }
            check(colour.bitDepth, expectedDepth, "bit depth")
            check(colour.range, named("color_range"), "range")
            check(colour.primaries, named("color_primaries"), "primaries")
            check(colour.transfer, named("color_transfer"), "transfer")
            check(colour.matrix, named("color_space"), "matrix")
            check(colour.chromaLocation, named("chroma_location"), "chroma location")
            let expectedRange: DynamicRange = switch named("color_transfer") {
            case "arib-std-b67": .hlg
            case "smpte2084": .pq
            default: .sdr
            }
            check(colour.dynamicRange, expectedRange, "dynamic range")

            if let record = sideData("DOVI configuration record") {
                let dolby = try XCTUnwrap(colour.dolbyVision, label, file: file, line: line)
                func int(_ key: String) throws -> Int { try XCTUnwrap(record[key] as? Int, "\(label): \(key)") }
                XCTAssertEqual(dolby.versionMajor, try int("dv_version_major"), label, file: file, line: line)
                XCTAssertEqual(dolby.versionMinor, try int("dv_version_minor"), label, file: file, line: line)
                XCTAssertEqual(dolby.profile, try int("dv_profile"), label, file: file, line: line)
                XCTAssertEqual(dolby.level, try int("dv_level"), label, file: file, line: line)
                XCTAssertEqual(dolby.rpuPresent, try int("rpu_present_flag") != 0, label, file: file, line: line)
                XCTAssertEqual(dolby.enhancementLayerPresent, try int("el_present_flag") != 0, label, file: file, line: line)
                XCTAssertEqual(dolby.baseLayerPresent, try int("bl_present_flag") != 0, label, file: file, line: line)
                XCTAssertEqual(dolby.baseLayerCompatibility, try int("dv_bl_signal_compatibility_id"), label, file: file, line: line)
            } else {
                XCTAssertNil(colour.dolbyVision, label, file: file, line: line)
            }

            // Nor does it read the video's packets: metadata only in their SEI is a full probe's and a scan's.
            if let max = traced["max_display_mastering_luminance"], exact || colour.masteringDisplay != nil {
                let display = try XCTUnwrap(colour.masteringDisplay, label, file: file, line: line)
                func point(_ index: Int) throws -> MasteringDisplay.Chromaticity {
                    MasteringDisplay.Chromaticity(x: Double(try XCTUnwrap(traced["display_primaries_x[\(index)]"])) / 50000,
                                                  y: Double(try XCTUnwrap(traced["display_primaries_y[\(index)]"])) / 50000)
                }
                // The SEI lists green, blue, red.
                XCTAssertEqual([display.green, display.blue, display.red], [try point(0), try point(1), try point(2)], label, file: file, line: line)
                XCTAssertEqual(display.whitePoint, MasteringDisplay.Chromaticity(x: Double(try XCTUnwrap(traced["white_point_x"])) / 50000,
                                                                                 y: Double(try XCTUnwrap(traced["white_point_y"])) / 50000),
                               label, file: file, line: line)
                XCTAssertEqual(display.maxLuminance, Double(max) / 10000, label, file: file, line: line)
                XCTAssertEqual(display.minLuminance, Double(try XCTUnwrap(traced["min_display_mastering_luminance"])) / 10000, label, file: file, line: line)
            } else if let mastering = sideData("Mastering display metadata") {
                let display = try XCTUnwrap(colour.masteringDisplay, label, file: file, line: line)
                func point(_ prefix: String) throws -> MasteringDisplay.Chromaticity {
                    MasteringDisplay.Chromaticity(x: try ratio(mastering, "\(prefix)_x"), y: try ratio(mastering, "\(prefix)_y"))
                }
                XCTAssertEqual(display.red, try point("red"), label, file: file, line: line)
                XCTAssertEqual(display.green, try point("green"), label, file: file, line: line)
                XCTAssertEqual(display.blue, try point("blue"), label, file: file, line: line)
                XCTAssertEqual(display.whitePoint, try point("white_point"), label, file: file, line: line)
                XCTAssertEqual(display.minLuminance, try ratio(mastering, "min_luminance"), label, file: file, line: line)
                XCTAssertEqual(display.maxLuminance, try ratio(mastering, "max_luminance"), label, file: file, line: line)
            } else {
                XCTAssertNil(colour.masteringDisplay, label, file: file, line: line)
            }

            if let maxCLL = traced["max_content_light_level"], sideData("Content light level metadata") == nil,
               exact || colour.contentLightLevel != nil {
                XCTAssertEqual(colour.contentLightLevel,
                               ContentLightLevel(maxContentLightLevel: maxCLL,
                                                 maxFrameAverageLightLevel: try XCTUnwrap(traced["max_pic_average_light_level"])),
                               label, file: file, line: line)
            } else if let light = sideData("Content light level metadata") {
                XCTAssertEqual(colour.contentLightLevel,
                               ContentLightLevel(maxContentLightLevel: try XCTUnwrap(light["max_content"] as? Int),
                                                 maxFrameAverageLightLevel: try XCTUnwrap(light["max_average"] as? Int)),
                               label, file: file, line: line)
            } else {
                XCTAssertNil(colour.contentLightLevel, label, file: file, line: line)
            }
        }
    }

    /// The syntax elements of the first video packet's SEI (and the decoder
    /// configuration's) as FFmpeg's `trace_headers` filter logs them: name → value.
    private func tracedSEI(_ path: String) throws -> [String: Int] {
        let log = try Tool.runCapturingErrors("ffmpeg", ["-v", "trace", "-nostdin", "-i", path, "-map", "0:v:0", "-c", "copy",
                                                         "-bsf:v", "trace_headers", "-frames:v", "1", "-f", "null", "-"]).errors
        var values: [String: Int] = [:]
        for line in log.split(separator: "\n") where line.contains("[trace_headers @") {
            // `[trace_headers @ 0x…] 152  max_display_mastering_luminance  0000…0110010 = 50`
            let words = line.split(separator: " ")
            guard words.count >= 4, words[words.count - 2] == "=", let value = Int(words[words.count - 1]) else { continue }
            values[String(words[words.count - 4])] = value
        }
        return values
    }

    /// ffprobe's `num/den` as a Double (num / den, as FFmpeg's `av_q2d`).
    private func ratio(_ object: [String: Any], _ key: String) throws -> Double {
        let text = try XCTUnwrap(object[key] as? String, key)
        let parts = text.split(separator: "/").compactMap { Double($0) }
        XCTAssertEqual(parts.count, 2, "\(key): \(text)")
        return parts[0] / parts[1]
    }

    /// The first component's depth of `format` in ffprobe's table of pixel formats.
    private func depth(ofPixelFormat format: String) throws -> Int {
        let data = try Tool.run("ffprobe", ["-v", "error", "-of", "json", "-show_pixel_formats"])
        let table = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let formats = try XCTUnwrap(table["pixel_formats"] as? [[String: Any]])
        let entry = try XCTUnwrap(formats.first { $0["name"] as? String == format }, format)
        let components = try XCTUnwrap(entry["components"] as? [[String: Any]], format)
        return try XCTUnwrap(components.first?["bit_depth"] as? Int, format)
    }
}
