import Foundation
import MixdownTestSupport
import XCTest

/// HEVC smart render: iPhone-style `hvc1` clips spliced like H.264 ones (copied
/// packets byte for byte, re-encoded stretches under renumbered parameter sets,
/// every set in the one `hvcC`), HEVC timelines written as HEVC, and clips that
/// cannot be spliced re-encoded whole, reported, never written broken.
final class CLIHEVCSmartRenderTests: XCTestCase {
    private let hevcA = Fixture.repoPath("fixtures/media/hevc-a.mov")
    private let hevcB = Fixture.repoPath("fixtures/media/hevc-b.mov")

    /// The arrays of an `hvcC` body: NAL type and unit count.
    private func arrays(_ hvcC: [UInt8]) -> [(type: Int, count: Int)] {
        var result: [(Int, Int)] = []
        var offset = 23
        for _ in 0..<Int(hvcC[22]) {
            let type = Int(hvcC[offset] & 0x3F), count = Int(hvcC[offset + 1]) << 8 | Int(hvcC[offset + 2])
            offset += 3
            for _ in 0..<count { offset += 2 + (Int(hvcC[offset]) << 8 | Int(hvcC[offset + 1])) }
            result.append((type, count))
        }
        return result
    }

    private func stream(_ path: String) throws -> [String: Any] {
        try XCTUnwrap(try Tool.streams(path).first { $0["codec_type"] as? String == "video" })
    }

    func testTwoHEVCClipsWithADissolveAreSplicedAsHVC1() throws {
        let folder = try TemporaryFolder()
        let out = folder.file("smart.mp4")
        let made = try CLIRunner.run(["export", "--video", hevcA, "--video", hevcB, "--transition", "dissolve:1", "-o", out])
        XCTAssertEqual(made.status, 0, made.stderr)
        // A's 9 s up to its IDR at 9 s, the dissolve's 30 frames, B from its IDR at 1 s.
        XCTAssertTrue(made.stderr.contains("540 frames copied, 30 re-encoded (HEVC"), made.stderr)

        let written = try Tool.videoPacketHashes(out), a = try Tool.videoPacketHashes(hevcA), b = try Tool.videoPacketHashes(hevcB)
        XCTAssertEqual(written.count, 570)
        XCTAssertEqual(Array(written[0..<270]), Array(a[0..<270]))
        XCTAssertEqual(Array(written[300..<570]), Array(b[30..<300]))

        // One hvc1 sample description whose hvcC holds both sets of every kind; none in the samples.
        let video = try stream(out)
        XCTAssertEqual(video["codec_name"] as? String, "hevc")
        XCTAssertEqual(video["codec_tag_string"] as? String, "hvc1")
        let hvcC = try MovieBoxes.firstBox("hvcC", in: out)
        let counts = Dictionary(arrays(hvcC).map { ($0.type, $0.count) }, uniquingKeysWith: +)
        XCTAssertEqual(counts[32], 2, "\(counts)")
        XCTAssertEqual(counts[33], 2, "\(counts)")
        XCTAssertEqual(counts[34], 2, "\(counts)")
        let packets = try Tool.videoPacketBytes(out)
        for (index, packet) in packets.enumerated() where (270..<300).contains(index) {
            XCTAssertFalse(Tool.hevcUnitTypes(packet).contains { (32...35).contains($0) }, "re-encoded packet \(index)")
        }

        // Decodes cleanly from the start and after seeks before, inside and after the dissolve.
        XCTAssertEqual(try Tool.decodeErrors(out), "")
        for seek in ["4", "9.5", "14"] {
            let errors = try Tool.runCapturingErrors("ffmpeg", ["-v", "error", "-nostdin", "-ss", seek, "-i", out, "-f", "null", "-"]).errors
            XCTAssertEqual(errors, "", "after a seek to \(seek) s")
        }

        // The re-encoded dissolve against the decoded sources blended by the ramp.
        let size = (width: 1920, height: 1080)
        let sourceA = try Tool.videoFrames(hevcA, 270...299, width: size.width, height: size.height)
        let sourceB = try Tool.videoFrames(hevcB, 0...29, width: size.width, height: size.height)
        let dissolve = try Tool.videoFrames(out, 270...299, width: size.width, height: size.height)
        var psnr: [Double] = []
        for k in 0..<30 {
            // Outgoing opacity 1 − k/30 in 256ths over the incoming picture, as the compositor blends.
            let weight = Int((Double(30 - k) / 30 * 256).rounded())
            var squares = 0
            sourceA[k].withUnsafeBufferPointer { a in
                sourceB[k].withUnsafeBufferPointer { b in
                    dissolve[k].withUnsafeBufferPointer { d in
                        for i in 0..<d.count {
                            let error = Int(d[i]) - (Int(b[i]) * (256 - weight) + Int(a[i]) * weight + 128) >> 8
                            squares += error * error
                        }
                    }
                }
            }
            let mse = Double(squares) / Double(dissolve[k].count)
            psnr.append(mse == 0 ? 99 : 10 * log10(255 * 255 / mse))
        }
        XCTAssertGreaterThanOrEqual(psnr.min() ?? 0, 35, "\(psnr)")
    }

    /// Clips made here at 640×360: a full render of an HEVC timeline is HEVC
    /// too (`make bench`'s `hevc` mode measures the splice's share of its CPU
    /// time on the 1080p fixtures), and each clip that cannot
    /// be spliced is re-encoded whole in HEVC, said so, and decodes cleanly.
    func testHEVCTimelinesStayHEVCAndUnsplicableClipsAreReencodedWhole() throws {
        let folder = try TemporaryFolder()
        func make(_ name: String, seconds: Int = 4, pixelFormat: String = "yuv420p", params: String = "keyint=30:min-keyint=30:scenecut=0:open-gop=0",
                  source: String = "testsrc2") throws -> String {
            let path = folder.file(name)
            _ = try Tool.run("ffmpeg", ["-v", "error", "-nostdin", "-y", "-f", "lavfi", "-i", "\(source)=size=640x360:rate=30:duration=\(seconds)",
                                        "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=\(seconds)",
                                        "-c:v", "libx265", "-preset", "ultrafast", "-crf", "28", "-pix_fmt", pixelFormat, "-tag:v", "hvc1",
                                        "-x265-params", params + ":log-level=none", "-c:a", "aac", "-ac", "2", path])
            return path
        }
        let first = try make("first.mov"), second = try make("second.mov", source: "smptebars")
        let smart = folder.file("smart.mp4"), full = folder.file("full.mp4")
        let timeline = ["--video", first, "--video", second, "--transition", "dissolve:1"]
        var made = try CLIRunner.run(["export"] + timeline + ["-o", smart])
        XCTAssertEqual(made.status, 0, made.stderr)
        XCTAssertTrue(made.stderr.contains("180 frames copied, 30 re-encoded (HEVC"), made.stderr)
        made = try CLIRunner.run(["export"] + timeline + ["--full-render", "-o", full])
        XCTAssertEqual(made.status, 0, made.stderr)
        XCTAssertTrue(made.stderr.contains("0 frames copied, 210 re-encoded (HEVC"), made.stderr)
        for path in [smart, full] {
            let video = try stream(path)
            XCTAssertEqual(video["codec_name"] as? String, "hevc", path)
            XCTAssertEqual(video["codec_tag_string"] as? String, "hvc1", path)
            XCTAssertEqual(try Tool.decodeErrors(path), "", path)
        }

        let variants: [(name: String, path: String, reason: String)] = [
            ("10-bit", try make("main10.mov", pixelFormat: "yuv420p10le"), "10-bit"),
            ("4:2:2", try make("yuv422.mov", pixelFormat: "yuv422p"), "4:2:2"),
            ("open GOP", try make("open-gop.mov", params: "keyint=30:min-keyint=30:scenecut=0:open-gop=1:bframes=4"), "open"),
        ]
        for variant in variants {
            let out = folder.file("out-\(variant.name).mp4")
            let result = try CLIRunner.run(["export", "--video", first, "--video", variant.path, "--transition", "dissolve:0.5", "-o", out])
            XCTAssertEqual(result.status, 0, "\(variant.name): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("clip 1 is re-encoded whole: ") && result.stderr.contains(variant.reason),
                          "\(variant.name): \(result.stderr)")
            XCTAssertEqual(try stream(out)["codec_tag_string"] as? String, "hvc1", variant.name)
            XCTAssertEqual(try Tool.decodeErrors(out), "", variant.name)
            for seek in ["2", "4.5", "6"] {
                let errors = try Tool.runCapturingErrors("ffmpeg", ["-v", "error", "-nostdin", "-ss", seek, "-i", out, "-f", "null", "-"]).errors
                XCTAssertEqual(errors, "", "\(variant.name) after a seek to \(seek) s")
            }
        }

        // No IDR for 10 s: only the start is a place to copy from, so everything after the cut is re-encoded.
        let farIDR = try make("far-idr.mov", seconds: 10, params: "keyint=600:min-keyint=600:scenecut=0:open-gop=0")
        let out = folder.file("out-far.mp4")
        let result = try CLIRunner.run(["export", "--video", farIDR, "--video", first, "--transition", "dissolve:0.5", "-o", out])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try Tool.decodeErrors(out), "")
        let inspect = try CLIRunner.run(["inspect", "--video", farIDR, "--video", first, "--transition", "dissolve:0.5"])
        XCTAssertFalse(inspect.stdout.contains("copy: far-idr.mov"), inspect.stdout)
    }

    /// The corpus's HEVC files (phones' and encoders', 3 to 30 frames, one IDR
    /// each, so nothing after a transition can be copied) dissolved into
    /// themselves: HEVC out, `hvc1`, the source's depth and HLG kept,
    /// decoding cleanly; tiles refused by name.
    func testTheRealHEVCFilesDissolvedIntoThemselvesStayHEVCAndDecode() throws {
        let folder = try TemporaryFolder()
        for name in ["ax-h265_bframes.mp4", "ax-h265_with_metadata_track.mp4", "ax-dolbyVision-hdr.MOV", "ax-hlg10-color-test.mp4"] {
            let source = try Fixture.realMedia(name), out = folder.file("\(name).mp4")
            let made = try CLIRunner.run(["export", "--video", source, "--video", source, "--transition", "dissolve:0.1", "-o", out])
            XCTAssertEqual(made.status, 0, "\(name): \(made.stderr)")
            let (written, original) = (try stream(out), try stream(source))
            XCTAssertEqual(written["codec_name"] as? String, "hevc", name)
            XCTAssertEqual(written["codec_tag_string"] as? String, "hvc1", name)
            func tenBit(_ stream: [String: Any]) -> Bool { (stream["pix_fmt"] as? String)?.hasSuffix("10le") ?? false }
            func hlg(_ stream: [String: Any]) -> Bool { stream["color_transfer"] as? String == "arib-std-b67" }
            XCTAssertEqual(tenBit(written), tenBit(original), name)
            XCTAssertEqual(hlg(written), hlg(original), name)
            XCTAssertEqual(try Tool.decodeErrors(out), "", name)
            if name == "ax-h265_with_metadata_track.mp4" {
                XCTAssertTrue(made.stderr.contains("clip 0 is re-encoded whole: its pictures are coded in tiles"), made.stderr)
            }
        }
    }
}
