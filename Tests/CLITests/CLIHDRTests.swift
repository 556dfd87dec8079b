import Foundation
import MixdownTestSupport
import XCTest

/// HDR kept and converted: HLG clips exported as 10-bit HEVC Main 10 tagged
/// BT.2020/HLG (copied frames as they were, re-encoded ones at 10 bits), an
/// HLG clip tone-mapped into SDR as an independent reference does it, and an
/// SDR clip placed into HLG at BT.2408's reference white.
final class CLIHDRTests: XCTestCase {
    /// Frames of `path` decoded as ffmpeg does, 10-bit luma only, `width × height`.
    private func luma10(_ path: String, width: Int, height: Int, filter: String? = nil) throws -> [[UInt16]] {
        let data = [UInt8](try Tool.run("ffmpeg", ["-v", "error", "-nostdin", "-i", path, "-map", "0:v:0"] + (filter.map { ["-vf", $0] } ?? [])
                                         + ["-f", "rawvideo", "-pix_fmt", "yuv420p10le", "-"]))
        let frame = width * height * 3   // bytes of one 4:2:0 10-bit frame
        return stride(from: 0, to: data.count - frame + 1, by: frame).map { start in
            (0..<(width * height)).map { UInt16(data[start + 2 * $0]) | UInt16(data[start + 2 * $0 + 1]) << 8 }
        }
    }

    private func videoStream(_ path: String) throws -> [String: Any] {
        try XCTUnwrap(try Tool.streams(path).first { $0["codec_type"] as? String == "video" })
    }

    /// A 4 s 640×360 HLG clip (BT.2020, 10-bit, an IDR every second): `content`
    /// is a lavfi graph giving 10-bit pictures.
    private func hlgClip(_ path: String, content: String) throws {
        _ = try Tool.run("ffmpeg", ["-v", "error", "-nostdin", "-y", "-f", "lavfi", "-i", content, "-c:v", "libx265", "-preset", "ultrafast",
                                    "-crf", "12", "-tag:v", "hvc1", "-x265-params",
                                    "keyint=30:min-keyint=30:scenecut=0:open-gop=0:colorprim=bt2020:transfer=arib-std-b67:colormatrix=bt2020nc:log-level=none",
                                    "-color_primaries", "bt2020", "-color_trc", "arib-std-b67", "-colorspace", "bt2020nc", path])
    }

    func testHLGClipsDissolveIntoTenBitHLGWithCopiedFramesUntouched() throws {
        let folder = try TemporaryFolder()
        let ramp = folder.file("ramp.mov"), out = folder.file("hlg.mp4")
        // A horizontal luma ramp over the whole 10-bit video range: any 8-bit step would show.
        try hlgClip(ramp, content: "nullsrc=s=640x360:r=30:d=4,format=yuv420p10le,geq=lum='64+X*876/W':cb=512:cr=512")
        let made = try CLIRunner.run(["export", "--video", ramp, "--video", ramp, "--transition", "dissolve:1", "-o", out])
        XCTAssertEqual(made.status, 0, made.stderr)
        XCTAssertTrue(made.stderr.contains("180 frames copied, 30 re-encoded (HEVC, CRF 16, preset veryfast, HLG 10-bit BT.2020)"), made.stderr)
        let video = try videoStream(out)
        XCTAssertEqual(video["codec_tag_string"] as? String, "hvc1")
        XCTAssertEqual(video["profile"] as? String, "Main 10")
        XCTAssertEqual(video["pix_fmt"] as? String, "yuv420p10le")
        XCTAssertEqual(video["color_transfer"] as? String, "arib-std-b67")
        XCTAssertEqual(video["color_primaries"] as? String, "bt2020")
        XCTAssertEqual(video["color_space"] as? String, "bt2020nc")
        XCTAssertEqual(try Tool.decodeErrors(out), "")

        let source = try luma10(ramp, width: 640, height: 360), written = try luma10(out, width: 640, height: 360)
        XCTAssertEqual(written.count, 210)
        // Copied: the first clip's first 3 s and the second's from its IDR at 1 s, sample for sample.
        XCTAssertEqual(Array(written[0..<90]), Array(source[0..<90]))
        XCTAssertEqual(Array(written[120..<210]), Array(source[30..<120]))
        // Re-encoded at 10 bits: the ramp (the same picture on both sides of the dissolve) within 0.6 codes on average.
        for k in 90..<120 {
            let error = zip(written[k], source[k]).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }
            XCTAssertLessThanOrEqual(Double(error) / Double(640 * 360), 0.6, "frame \(k)")
        }
    }

    /// HLG into SDR against ffmpeg's zscale and tonemap (mobius, the operator
    /// closest to BT.2390's curve; the transfers without zimg's approximate
    /// gamma, the tone map before the primaries, as BT.2390 orders them), on
    /// the real HLG file. Measured: luma mean |Δ| 1.33, 40.9 dB.
    func testAnHLGClipIntoSDRMatchesAnIndependentToneMap() throws {
        let hlg = try Fixture.realMedia("ax-hlg10-color-test.mp4")
        let folder = try TemporaryFolder()
        let out = folder.file("sdr.mp4")
        let made = try CLIRunner.run(["export", "--video", hlg, "--dynamic-range", "sdr", "--video-quality", "4", "-o", out])
        XCTAssertEqual(made.status, 0, made.stderr)
        XCTAssertTrue(made.stderr.contains("is tone-mapped into 8-bit SDR BT.709 (BT.2390, from 1000 cd/m²); --dynamic-range hlg keeps it HDR"), made.stderr)
        let video = try videoStream(out)
        XCTAssertEqual(video["pix_fmt"] as? String, "yuv420p")
        XCTAssertEqual(video["color_transfer"] as? String, "bt709")
        let ours = try Tool.videoFrames(out, 0...0, width: 1920, height: 1080)[0]
        let chain = "zscale=t=linear:npl=100:agamma=0,format=gbrpf32le,tonemap=mobius:param=0.5:desat=0,"
            + "zscale=p=bt709:t=bt709:m=bt709:r=tv:agamma=0,format=yuv420p"
        let reference = [UInt8](try Tool.run("ffmpeg", ["-v", "error", "-nostdin", "-i", hlg, "-vf", chain, "-frames:v", "1",
                                                         "-f", "rawvideo", "-pix_fmt", "yuv420p", "-"]))
        let lumaCount = 1920 * 1080
        let difference = zip(ours[0..<lumaCount], reference[0..<lumaCount]).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }
        XCTAssertLessThanOrEqual(Double(difference) / Double(lumaCount), 1.6)
        XCTAssertGreaterThanOrEqual(Measure.psnr(Array(ours[0..<lumaCount]), Array(reference[0..<lumaCount])), 39)
    }

    /// SDR white into HLG sits at BT.2408's 203 cd/m²: 75 % HLG, code 721 at 10 bits.
    func testSDRWhiteIntoHLGIsReferenceWhite() throws {
        let folder = try TemporaryFolder()
        let ramp = folder.file("hlg.mov"), white = folder.file("white.mp4"), out = folder.file("mixed.mp4")
        try hlgClip(ramp, content: "nullsrc=s=640x360:r=30:d=4,format=yuv420p10le,geq=lum='64+X*876/W':cb=512:cr=512")
        _ = try Tool.run("ffmpeg", ["-v", "error", "-nostdin", "-y", "-f", "lavfi", "-i", "color=white:size=640x360:rate=30:duration=3",
                                    "-c:v", "libx264", "-pix_fmt", "yuv420p", "-color_primaries", "bt709", "-color_trc", "bt709",
                                    "-colorspace", "bt709", white])
        let made = try CLIRunner.run(["export", "--video", ramp, "--video", white, "-o", out])
        XCTAssertEqual(made.status, 0, made.stderr)
        XCTAssertTrue(made.stderr.contains("clip 1 is re-encoded whole: its SDR picture is converted to the output's HLG"), made.stderr)
        XCTAssertEqual(try videoStream(out)["color_transfer"] as? String, "arib-std-b67")
        let frames = try luma10(out, width: 640, height: 360)
        XCTAssertEqual(frames.count, 210)
        let mean = Double(frames[180].reduce(0) { $0 + Int($1) }) / Double(640 * 360)
        XCTAssertEqual(mean, 721, accuracy: 1)
    }

    /// PQ clips that all state HDR10 metadata: the output states it too, in the
    /// stretches a smart render re-encodes and through a full render.
    func testHDR10MetadataIsKeptWhereEveryClipStatesIt() throws {
        let folder = try TemporaryFolder()
        let pq = folder.file("pq.mov")
        _ = try Tool.run("ffmpeg", ["-v", "error", "-nostdin", "-y", "-f", "lavfi", "-i", "testsrc2=size=640x360:rate=30:duration=4,format=yuv420p10le",
                                    "-c:v", "libx265", "-preset", "ultrafast", "-crf", "20", "-tag:v", "hvc1", "-x265-params",
                                    "keyint=30:min-keyint=30:scenecut=0:open-gop=0:hdr10=1:master-display=G(13250,34500)B(7500,3000)R(34000,16000)"
                                        + "WP(15635,16450)L(10000000,50):max-cll=1000,400:colorprim=bt2020:transfer=smpte2084:colormatrix=bt2020nc:log-level=none",
                                    "-color_primaries", "bt2020", "-color_trc", "smpte2084", "-colorspace", "bt2020nc", pq])
        for (name, flags) in [("smart", [String]()), ("full", ["--full-render"])] {
            let out = folder.file("\(name).mp4")
            let made = try CLIRunner.run(["export", "--video", pq, "--video", pq, "--transition", "dissolve:1"] + flags + ["-o", out])
            XCTAssertEqual(made.status, 0, made.stderr)
            XCTAssertTrue(made.stderr.contains("PQ 10-bit BT.2020)"), made.stderr)
            XCTAssertEqual(try videoStream(out)["color_transfer"] as? String, "smpte2084", name)
            // The first re-encoded frame (the dissolve's, at 3 s) as ffprobe reads its side data.
            let frames = try Tool.probe(out, ["-select_streams", "v:0", "-read_intervals", "3%+#1", "-show_frames", "-show_entries", "frame=side_data_list"])
            let sideData = (frames["frames"] as? [[String: Any]])?.first?["side_data_list"] as? [[String: Any]] ?? []
            let mastering = try XCTUnwrap(sideData.first { $0["side_data_type"] as? String == "Mastering display metadata" }, "\(name): \(sideData)")
            XCTAssertEqual(mastering["max_luminance"] as? String, "10000000/10000", name)
            XCTAssertEqual(mastering["min_luminance"] as? String, "50/10000", name)
            XCTAssertEqual(mastering["white_point_x"] as? String, "15635/50000", name)
            let light = try XCTUnwrap(sideData.first { $0["side_data_type"] as? String == "Content light level metadata" }, "\(name)")
            XCTAssertEqual(light["max_content"] as? Int, 1000, name)
            XCTAssertEqual(light["max_average"] as? Int, 400, name)
        }
    }

    /// `frame` of an HLG picture: a 16-bit PNG of the signal with a `cICP`
    /// chunk saying BT.2020 and HLG (its CRC checked by ffmpeg); with
    /// `--dynamic-range sdr`, the tone-mapped 8-bit preview, untagged.
    func testAFrameOfAnHDRPictureIsTaggedAndItsSDRPreviewIsNot() throws {
        let folder = try TemporaryFolder()
        let hlg = folder.file("hlg.mov"), hdr = folder.file("hdr.png"), sdr = folder.file("sdr.png")
        try hlgClip(hlg, content: "testsrc2=size=640x360:rate=30:duration=2,format=yuv420p10le")
        XCTAssertEqual(try CLIRunner.run(["frame", "--video", hlg, "--at", "1", "-o", hdr]).status, 0)
        XCTAssertEqual(try CLIRunner.run(["frame", "--video", hlg, "--at", "1", "--dynamic-range", "sdr", "-o", sdr]).status, 0)
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: hdr)))
        // The signature, IHDR (13 bytes) and its CRC, then cICP: length 4, the name, primaries, transfer, matrix, range.
        XCTAssertEqual(Array(bytes[33..<45]), [0, 0, 0, 4] + Array("cICP".utf8) + [9, 18, 0, 1])
        XCTAssertEqual(try Tool.runCapturingErrors("ffmpeg", ["-v", "error", "-err_detect", "crccheck", "-i", hdr, "-f", "null", "-"]).errors, "")
        XCTAssertEqual(try Tool.streams(hdr).first?["pix_fmt"] as? String, "rgb48be")
        let preview = [UInt8](try Data(contentsOf: URL(fileURLWithPath: sdr)))
        XCTAssertFalse(String(decoding: preview.prefix(200), as: UTF8.self).contains("cICP"))
        XCTAssertEqual(try Tool.streams(sdr).first?["pix_fmt"] as? String, "rgb24")
    }

    /// An iPhone Dolby Vision 8.4 clip (HLG base layer, portrait, one frame
    /// hidden by its edit list) joined to itself: copied as it is, in an `hvc1`
    /// track that keeps its configuration record and display matrix, every
    /// frame decoding.
    func testADolbyVisionClipJoinedToItselfKeepsItsConfigurationRecord() throws {
        let dolby = try Fixture.realMedia("ax-dolbyVision-hdr.MOV")
        let folder = try TemporaryFolder()
        let out = folder.file("dv.mp4")
        let made = try CLIRunner.run(["export", "--video", dolby, "--video", dolby, "-o", out], checkingDecode: false)
        XCTAssertEqual(made.status, 0, made.stderr)
        let video = try videoStream(out)
        XCTAssertEqual(video["codec_tag_string"] as? String, "hvc1")
        XCTAssertEqual(video["color_transfer"] as? String, "arib-std-b67")
        let sideData = (video["side_data_list"] as? [[String: Any]] ?? []).compactMap { $0["side_data_type"] as? String }
        XCTAssertTrue(sideData.contains("DOVI configuration record"), "\(sideData)")
        XCTAssertTrue(sideData.contains("Display Matrix"), "\(sideData)")
        // The first copy is re-encoded (its edit list hides a frame past its end, which only the end of the
        // export can hide), the second copied byte for byte with that frame hidden again.
        XCTAssertTrue(made.stderr.contains("5 frames copied, 4 re-encoded"), made.stderr)
        XCTAssertEqual(Array(try Tool.videoPacketHashes(out).suffix(5)), try Tool.videoPacketHashes(dolby))
        // Clean, in the stream's own time base: the clip's last frame lasts 6.7 ms (its edit list's 4 ticks
        // of 1/600 s), which ffmpeg's null output would put in the same 1/29 s slot as the next clip's first.
        let errors = try Tool.runCapturingErrors("ffmpeg", ["-v", "error", "-nostdin", "-i", out, "-enc_time_base", "-1", "-f", "null", "-"]).errors
        XCTAssertEqual(errors, "")
        let source = try Tool.decodedFrameHashes(dolby), written = try Tool.decodedFrameHashes(out)
        XCTAssertEqual(source.count, 4, "the four frames its edit list shows")
        XCTAssertEqual(written.count, 8)
        XCTAssertEqual(Array(written.suffix(4)), source, "the second copy's frames as the source's")
    }

    /// A title (white text) in an HLG export is SDR graphics placed at BT.2408's
    /// reference white, as an SDR clip's white is: its opaque pixels at 721, not
    /// at 940 (the 8-bit 235 ×4, HLG's peak). Measured: 703 title pixels above
    /// 600, median 720, 81 % within 716…726, the brightest 733 (HEVC at CRF 16
    /// rings around sharp glyph edges).
    func testATitleInHLGIsDrawnAtReferenceWhite() throws {
        let folder = try TemporaryFolder()
        let grey = folder.file("grey.mov"), out = folder.file("titled.mp4")
        try hlgClip(grey, content: "nullsrc=s=640x360:r=30:d=3,format=yuv420p10le,geq=lum=300:cb=512:cr=512")
        let made = try CLIRunner.run(["export", "--video", grey, "--title", "Hello@0-2", "-o", out])
        XCTAssertEqual(made.status, 0, made.stderr)
        XCTAssertEqual(try videoStream(out)["color_transfer"] as? String, "arib-std-b67")
        let frames = try luma10(out, width: 640, height: 360)
        XCTAssertEqual(frames.count, 90)
        // At 1 s the title is on: its glyphs' cores are opaque white.
        let title = frames[30].filter { $0 > 600 }.map(Int.init).sorted()
        XCTAssertGreaterThan(title.count, 200, "the title's white pixels")
        XCTAssertEqual(Double(title[title.count / 2]), 721, accuracy: 2, "median of the title's white")
        XCTAssertLessThan(title.last ?? 0, 760, "nothing near SDR white ×4 (940)")
        // At 2.5 s it has gone: the grey alone, within the encoder's error.
        XCTAssertLessThanOrEqual(frames[75].map { abs(Int($0) - 300) }.max() ?? 99, 3)
    }
}
