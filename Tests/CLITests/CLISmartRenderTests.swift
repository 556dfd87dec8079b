import Foundation
import MixdownTestSupport
import XCTest

/// Smart render: the frames no instruction changes are the sources' packets byte
/// for byte, the re-encoded ones as good as a full re-encode, and every source
/// that cannot be spliced safely is re-encoded more, never written broken.
final class CLISmartRenderTests: XCTestCase {
    private let clipA = Fixture.repoPath("fixtures/media/clip-a.mp4")
    private let clipB = Fixture.repoPath("fixtures/media/clip-b.mp4")

    /// Each video packet's size and MD5, in decoding order, as ffmpeg copies them.
    private func packets(_ path: String) throws -> [String] {
        let text = String(decoding: try Tool.run("ffmpeg", ["-v", "error", "-nostdin", "-i", path, "-map", "0:v", "-c", "copy", "-f", "framemd5", "-"]),
                          as: UTF8.self)
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            line.split(separator: ",").suffix(2).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        }
    }

    /// Each decoded frame's MD5 (8-bit 4:2:0), in display order.
    private func frameHashes(_ path: String) throws -> [String] {
        let text = String(decoding: try Tool.run("ffmpeg", ["-v", "error", "-nostdin", "-i", path, "-map", "0:v", "-pix_fmt", "yuv420p",
                                                             "-f", "framemd5", "-"]), as: UTF8.self)
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.compactMap { $0.split(separator: ",").last.map { $0.trimmingCharacters(in: .whitespaces) } }
    }

    private func frames(_ path: String, _ range: ClosedRange<Int>) throws -> [[UInt8]] { try Tool.videoFrames(path, range) }

    private func psnr(_ a: [UInt8], _ b: [UInt8]) -> Double { Measure.psnr(a, b) }

    func testCopiedStretchesAreTheSourcesBytesAndReencodedFramesMatchAFullRender() throws {
        let folder = try TemporaryFolder()
        let smart = folder.file("smart.mp4"), full = folder.file("full.mp4")
        let args = ["export", "--video", clipA, "--video", clipB, "--transition", "dissolve:1"]
        let made = try CLIRunner.run(args + ["-o", smart])
        XCTAssertEqual(made.status, 0, made.stderr)
        XCTAssertTrue(made.stderr.contains("270 frames copied, 30 re-encoded"), made.stderr)
        XCTAssertEqual(try CLIRunner.run(args + ["--full-render", "-o", full]).status, 0)

        // Clip A's first 5 s (its keyframe at 5 s ends the copy) and clip B from its
        // IDR at 1 s: the same packets, in the same order, byte for byte.
        let out = try packets(smart), a = try packets(clipA), b = try packets(clipB)
        XCTAssertEqual(out.count, 300)
        XCTAssertEqual(Array(out[0..<150]), Array(a[0..<150]))
        XCTAssertEqual(Array(out[180..<300]), Array(b[30..<150]))
        // And so the same pictures.
        let shown = try frameHashes(smart), shownA = try frameHashes(clipA), shownB = try frameHashes(clipB)
        XCTAssertEqual(Array(shown[0..<150]), Array(shownA[0..<150]))
        XCTAssertEqual(Array(shown[180..<300]), Array(shownB[30..<150]))

        // The re-encoded dissolve against the sources blended by the ramp, beside a full re-encode.
        let sourceA = try frames(clipA, 150...179), sourceB = try frames(clipB, 0...29)
        let smartFrames = try frames(smart, 150...179), fullFrames = try frames(full, 150...179)
        var smartPSNR: [Double] = [], fullPSNR: [Double] = []
        for k in 0..<30 {
            // Outgoing opacity 1 − k/30 in 256ths over the incoming picture.
            let weight = Int((Double(30 - k) / 30 * 256).rounded())
            let reference = zip(sourceB[k], sourceA[k]).map { UInt8((Int($0) * (256 - weight) + Int($1) * weight + 128) >> 8) }
            smartPSNR.append(psnr(smartFrames[k], reference))
            fullPSNR.append(psnr(fullFrames[k], reference))
        }
        let smartMean = smartPSNR.reduce(0, +) / 30, fullMean = fullPSNR.reduce(0, +) / 30
        XCTAssertGreaterThanOrEqual(smartPSNR.min() ?? 0, 35, "\(smartPSNR)")
        XCTAssertEqual(smartMean, fullMean, accuracy: 0.5, "smart \(smartMean) dB, full \(fullMean) dB")
        // No dip at the seams: the first and last re-encoded frames are as good as a
        // full re-encode's same frames.
        for k in [0, 29] {
            XCTAssertGreaterThanOrEqual(smartPSNR[k], fullPSNR[k] - 1, "frame \(150 + k): \(smartPSNR) vs \(fullPSNR)")
        }
    }

    /// A fade from black and to black re-encodes the fades' seconds, not the clips.
    func testPictureFadesReencodeOnlyTheirOwnStretches() throws {
        let folder = try TemporaryFolder()
        let out = folder.file("fades.mp4")
        let made = try CLIRunner.run(["export", "--video", clipA, "--video", clipB, "--video-fade-in", "1", "--video-fade-out", "1", "-o", out])
        XCTAssertEqual(made.status, 0, made.stderr)
        XCTAssertTrue(made.stderr.contains("270 frames copied, 60 re-encoded"), made.stderr)
        let written = try packets(out), a = try packets(clipA), b = try packets(clipB)
        XCTAssertEqual(Array(written[30..<180]), Array(a[30..<180]))
        XCTAssertEqual(Array(written[180..<300]), Array(b[0..<120]))
        XCTAssertEqual(try Tool.decodeErrors(out), "")
        // The first frame is the background, the middle of the fade half way.
        let first = try Tool.videoFrames(out, 0...0)[0], middle = try Tool.videoFrames(out, 15...15)[0]
        XCTAssertEqual(Double(first[640 * 180 + 320]), 16, accuracy: 2)
        let source = try Tool.videoFrames(clipA, 15...15)[0]
        let expected = (Int(source[640 * 180 + 320]) * 128 + 16 * 128 + 128) >> 8
        XCTAssertEqual(Double(middle[640 * 180 + 320]), Double(expected), accuracy: 4)
    }

    func testSourcesThatCannotBeSplicedAreReencodedMoreAndTheFileStillDecodes() throws {
        let folder = try TemporaryFolder()
        // Variants of clip B's kind, each with one reason not to copy it beside clip A.
        let variants: [(name: String, codec: [String], whole: String?)] = [
            ("other-pps.mp4", ["-c:v", "libx264", "-preset", "veryfast", "-profile:v", "high", "-crf", "20", "-g", "30"], "parameter sets"),
            ("no-bframes.mp4", ["-c:v", "libx264", "-preset", "veryfast", "-profile:v", "high", "-crf", "28", "-g", "30", "-bf", "0"], "parameter sets"),
            ("open-gop.mp4", ["-c:v", "libx264", "-preset", "veryfast", "-profile:v", "high", "-crf", "28", "-g", "30",
                              "-x264-params", "open-gop=1"], nil),
            ("far-idr.mp4", ["-c:v", "libx264", "-preset", "veryfast", "-profile:v", "high", "-crf", "28", "-g", "300"], nil),
            ("vp9.mp4", ["-c:v", "libvpx-vp9", "-deadline", "realtime", "-cpu-used", "8", "-b:v", "500k"], "vp9 cannot be spliced"),
        ]
        for variant in variants {
            let source = folder.file(variant.name)
            _ = try Tool.run("ffmpeg", ["-v", "error", "-nostdin", "-y", "-f", "lavfi", "-i", "testsrc2=size=640x360:rate=30:duration=3",
                                        "-f", "lavfi", "-i", "sine=frequency=554:sample_rate=48000:duration=3"]
                             + variant.codec + ["-pix_fmt", "yuv420p", "-c:a", "aac", "-ac", "2", source])
            let out = folder.file("out-" + variant.name)
            let result = try CLIRunner.run(["export", "--video", clipA, "--video", source, "--transition", "dissolve:0.5", "-o", out])
            XCTAssertEqual(result.status, 0, "\(variant.name): \(result.stderr)")
            if let whole = variant.whole {
                XCTAssertTrue(result.stderr.contains("smart render: clip 1 is re-encoded whole: ") && result.stderr.contains(whole),
                              "\(variant.name): \(result.stderr)")
            }
            XCTAssertEqual(try Tool.decodeErrors(out), "", variant.name)
            for seek in ["3", "5.8", "7.5"] {
                let errors = try Tool.runCapturingErrors("ffmpeg", ["-v", "error", "-nostdin", "-ss", seek, "-i", out, "-f", "null", "-"]).errors
                XCTAssertEqual(errors, "", "\(variant.name) after a seek to \(seek) s")
            }
            // Clip A's part before the transition is still copied.
            let inspect = try CLIRunner.run(["inspect", "--video", clipA, "--video", source, "--transition", "dissolve:0.5"])
            XCTAssertTrue(inspect.stdout.contains("copy: clip-a.mp4 0.000 – 5.000 s"), "\(variant.name): \(inspect.stdout)")
            if variant.whole == nil {
                // No IDR after the transition: the rest of the clip is re-encoded, not copied.
                XCTAssertFalse(inspect.stdout.contains("copy: \(variant.name)"), "\(variant.name): \(inspect.stdout)")
            }
        }
    }

    /// `--range` of a composed timeline (a conformed portrait clip, a wipe, a fade):
    /// exactly that range on whole frames, every frame decoding cleanly, the sound
    /// as long as the picture.
    func testARangeOfAComposedTimelineExports() throws {
        let folder = try TemporaryFolder()
        let out = folder.file("range.mp4")
        let portrait = Fixture.repoPath("fixtures/media/portrait.mp4")
        let result = try CLIRunner.run(["export", "--video", clipA, "--video", portrait, "--video", clipB, "--transition", "wipe-left:0.5",
                                        "--video-fade-out", "1", "--range", "4.01-9.5", "-o", out])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("exporting 4s–9.5s of the timeline"), result.stderr)
        let streams = try Tool.streams(out)
        let video = try XCTUnwrap(streams.first { $0["codec_type"] as? String == "video" })
        let audio = try XCTUnwrap(streams.first { $0["codec_type"] as? String == "audio" })
        XCTAssertEqual(Double(video["duration"] as? String ?? "") ?? 0, 5.5, accuracy: 1e-6)
        XCTAssertEqual(Int(video["nb_frames"] as? String ?? ""), 165)
        XCTAssertLessThan(abs((Double(audio["duration"] as? String ?? "") ?? 0) - 5.5), 1024.0 / 48_000)
        XCTAssertEqual(try Tool.decodeErrors(out), "")
        for seek in ["1", "2.3", "4.9"] {
            let errors = try Tool.runCapturingErrors("ffmpeg", ["-v", "error", "-nostdin", "-ss", seek, "-i", out, "-f", "null", "-"]).errors
            XCTAssertEqual(errors, "", "after a seek to \(seek) s")
        }
        // A browser plays it to its end, and from a seek into the re-encoded wipe.
        try XCTSkipIf(Browser.executable == nil, "chromium is not installed")
        let whole = try Browser.play(out, rate: 1)
        XCTAssertEqual(whole.outcome, "ended", "\(whole)")
        XCTAssertEqual(whole.currentTime, 5.5, accuracy: 0.05, "\(whole)")
        XCTAssertEqual(whole.corruptedVideoFrames, 0, "\(whole)")
        XCTAssertEqual(whole.totalVideoFrames, 165, "\(whole)")
        let seeked = try Browser.play(out, seek: 1.6)
        XCTAssertEqual(seeked.outcome, "ended", "\(seeked)")
        XCTAssertEqual(seeked.corruptedVideoFrames, 0, "\(seeked)")
    }

    /// A portrait phone clip (stored 640×360, shown turned) is copied under its
    /// display matrix; the re-encoded dissolve is turned back to be stored as
    /// its frames are, so the output shows it upright like a full render.
    func testTurnedClipsAreCopiedUnderTheirMatrixAndTheDissolveIsTurnedBack() throws {
        let folder = try TemporaryFolder()
        let portrait = Fixture.repoPath("fixtures/media/portrait.mp4")
        let smart = folder.file("smart.mp4"), full = folder.file("full.mp4")
        let args = ["export", "--video", portrait, "--video", portrait, "--transition", "dissolve:0.5"]
        let made = try CLIRunner.run(args + ["-o", smart])
        XCTAssertEqual(made.status, 0, made.stderr)
        XCTAssertTrue(made.stderr.contains("180 frames copied, 45 re-encoded"), made.stderr)
        XCTAssertEqual(try CLIRunner.run(args + ["--full-render", "-o", full]).status, 0)
        XCTAssertEqual(try Tool.decodeErrors(smart), "")
        // Shown as players show it (ffmpeg turns by the matrix): the smart render's frames beside the full render's.
        let ours = try Tool.videoFrames(smart, 0...224, width: 360, height: 640), theirs = try Tool.videoFrames(full, 0...224, width: 360, height: 640)
        for k in stride(from: 0, to: 225, by: 15) {
            XCTAssertGreaterThanOrEqual(Measure.psnr(ours[k], theirs[k]), 38, "frame \(k)")
        }
    }
}
