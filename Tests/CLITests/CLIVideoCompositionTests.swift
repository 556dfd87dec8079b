import Foundation
import MixdownTestSupport
import XCTest

/// The composed picture end to end: transitions, fades and conformed clips in a
/// real export, checked by ffmpeg (decoding, frames, a reference composite of
/// the decoded sources), by the sound (equal-power crossfade) and by Chromium.
final class CLIVideoCompositionTests: XCTestCase {
    private let clipA = Fixture.repoPath("fixtures/media/clip-a.mp4")
    private let clipB = Fixture.repoPath("fixtures/media/clip-b.mp4")
    private let portrait = Fixture.repoPath("fixtures/media/portrait.mp4")

    /// 640×360 8-bit 4:2:0 frame `index` of `path`, as ffmpeg decodes it.
    private func frame(_ path: String, index: Int) throws -> [UInt8] {
        try Tool.videoFrames(path, index...index)[0]
    }

    private func psnr(_ a: [UInt8], _ b: [UInt8]) -> Double { Measure.psnr(a, b) }

    private func probe(_ path: String, stream: String, entries: String) throws -> [String: Any] {
        let json = try Tool.probe(path, ["-select_streams", stream, "-count_frames", "-show_entries", "stream=\(entries)"])
        return ((json["streams"] as? [[String: Any]])?.first) ?? [:]
    }

    func testADissolveExportDecodesCleanlyMatchesAReferenceCompositeAndCrossfadesWithEqualPower() throws {
        let folder = try TemporaryFolder()
        let out = folder.file("dissolve.mp4")
        let result = try CLIRunner.run(["export", "--video", clipA, "--video", clipB, "--transition", "dissolve:1", "-o", out])
        XCTAssertEqual(result.status, 0, result.stderr)

        // Decodes with no message, from the start and after seeks before, inside and after the transition.
        XCTAssertEqual(try Tool.decodeErrors(out), "")
        for seek in ["2", "5.5", "8"] {
            let errors = try Tool.runCapturingErrors("ffmpeg", ["-v", "error", "-nostdin", "-ss", seek, "-i", out, "-f", "null", "-"]).errors
            XCTAssertEqual(errors, "", "after a seek to \(seek) s")
        }
        // 6 + 5 − 1 s at 30 fps: 300 frames, video and audio 10 s (within one AAC frame).
        let video = try probe(out, stream: "v:0", entries: "nb_read_frames,duration,width,height")
        XCTAssertEqual(video["nb_read_frames"] as? String, "300")
        XCTAssertEqual(Double(video["duration"] as? String ?? "") ?? 0, 10, accuracy: 0.001)
        let audio = try probe(out, stream: "a:0", entries: "duration")
        XCTAssertEqual(Double(audio["duration"] as? String ?? "") ?? 0, 10, accuracy: 1024.0 / 48000)

        // The midpoint frame (5.5 s, frame 165) against the sources' frames blended half and half.
        let a = try frame(clipA, index: 165), b = try frame(clipB, index: 15)
        let reference = zip(a, b).map { UInt8((Int($0) * 128 + Int($1) * 128 + 128) >> 8) }
        let exported = try frame(out, index: 165)
        let midpoint = psnr(exported, reference)
        XCTAssertGreaterThanOrEqual(midpoint, 35, "dissolve midpoint PSNR \(midpoint) dB")
        // Outside the transition the picture is the clip's own.
        XCTAssertGreaterThanOrEqual(psnr(try frame(out, index: 60), try frame(clipA, index: 60)), 35)
        XCTAssertGreaterThanOrEqual(psnr(try frame(out, index: 240), try frame(clipB, index: 90)), 35)

        // The clips' tones (440 and 554.37 Hz) crossfade with constant power.
        let samples = try decodedMono(out)
        // The WAV preview plans the same crossfade: the export's decoded AAC lines up with it to the sample.
        let wav = folder.file("dissolve.wav")
        XCTAssertEqual(try CLIRunner.run(["mix", "--video", clipA, "--video", clipB, "--transition", "dissolve:1", "-o", wav]).status, 0)
        let preview = try decodedMono(wav)
        XCTAssertEqual(preview.count, 480_000)
        let around = 4 * 48000..<7 * 48000
        let best = Measure.bestLag(preview, samples, lags: -8...8, range: around)
        XCTAssertEqual(best.lag, 0, "preview and export offset by \(best.lag) samples")
        XCTAssertGreaterThan(best.correlation, 0.99)
        for start in stride(from: 4.8, through: 6.2, by: 0.05) {
            let range = Int(start * 48000)..<Int(start * 48000) + 960
            let (p440, p554) = Self.twoTonePowers(samples, range: range, rate: 48000, f1: 440, f2: 554.37)
            let total = 10 * log10((p440 + p554) / (0.1 * 0.1 / 2))
            XCTAssertEqual(total, 0, accuracy: 0.5, "power at \(start) s")
        }
    }

    func testAPortraitClipStitchedWithALandscapeOneIsUprightAndPillarboxed() throws {
        let folder = try TemporaryFolder()
        let out = folder.file("mixed.mp4")
        let result = try CLIRunner.run(["export", "--video", clipA, "--video", portrait, "--background", "#204060", "-o", out])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try Tool.decodeErrors(out), "")
        // Frame 240 is 2 s into the portrait clip: 360×640 shown, fitted to 202×360 in the middle.
        let exported = try frame(out, index: 240)
        let background = (y: 67, cb: 145, cr: 113) // #204060: 16 + 219 × (0.2126 R + 0.7152 G + 0.0722 B), BT.709 video range
        for x in [0, 100, 200, 442, 540, 639] {
            for y in [0, 180, 359] {
                XCTAssertEqual(Double(exported[y * 640 + x]), Double(background.y), accuracy: 3, "luma at (\(x), \(y))")
            }
        }
        // Upright: the picture matches ffmpeg's own autorotated, scaled decode of the clip.
        let reference = try Tool.run("ffmpeg", ["-v", "error", "-nostdin", "-i", portrait, "-vf", "select=eq(n\\,60),scale=202:360",
                                                 "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "gray", "-"])
        var inside: [UInt8] = []
        for y in 0..<360 { inside += exported[(y * 640 + 219)..<(y * 640 + 421)] }
        XCTAssertGreaterThanOrEqual(psnr(inside, [UInt8](reference)), 25, "the portrait picture as ffmpeg shows it")
    }

    func testChromiumPlaysATransitionExportToItsEndAndAfterASeekIntoTheTransition() throws {
        try XCTSkipIf(Browser.executable == nil, "chromium is not installed")
        let folder = try TemporaryFolder()
        let out = folder.file("wipe.mp4")
        let result = try CLIRunner.run(["export", "--video", clipA, "--video", clipB, "--transition", "wipe-left:1", "-o", out])
        XCTAssertEqual(result.status, 0, result.stderr)
        let whole = try Browser.play(out, rate: 1)
        XCTAssertEqual(whole.outcome, "ended", "\(whole)")
        XCTAssertEqual(whole.currentTime, 10, accuracy: 0.05, "\(whole)")
        XCTAssertEqual(whole.corruptedVideoFrames, 0, "\(whole)")
        // Every frame decoded and handed to the compositor; under load (the suite runs in
        // parallel) Chromium may drop some on the way to the screen, never from the file.
        XCTAssertEqual(whole.totalVideoFrames, 300, "\(whole)")
        XCTAssertEqual(whole.presentedFrames + whole.droppedVideoFrames, 300, "\(whole)")
        let seeked = try Browser.play(out, seek: 5.5)
        XCTAssertEqual(seeked.outcome, "ended", "\(seeked)")
        XCTAssertEqual(seeked.corruptedVideoFrames, 0, "\(seeked)")
    }

    func testTheFrameCommandDrawsWhatTheExportShows() throws {
        let folder = try TemporaryFolder()
        let png = folder.file("mid.png")
        let result = try CLIRunner.run(["frame", "--video", clipA, "--video", clipB, "--transition", "push-left:1", "--at", "5.5", "-o", png])
        XCTAssertEqual(result.status, 0, result.stderr)
        let out = folder.file("push.mp4")
        XCTAssertEqual(try CLIRunner.run(["export", "--video", clipA, "--video", clipB, "--transition", "push-left:1", "-o", out]).status, 0)
        let drawn = try Tool.run("ffmpeg", ["-v", "error", "-i", png, "-f", "rawvideo", "-pix_fmt", "yuv420p", "-"])
        XCTAssertGreaterThanOrEqual(psnr([UInt8](drawn), try frame(out, index: 165)), 35)
        let late = try CLIRunner.run(["frame", "--video", clipA, "--at", "99", "-o", png])
        XCTAssertEqual(late.status, 64, late.stderr)
        XCTAssertTrue(late.stderr.contains("--at 99s: outside the timeline, which lasts 6s"), late.stderr)
    }

    /// Phone clips (turned, mirrored, variable rate, other sizes) conformed beside a
    /// landscape clip: the export decodes cleanly, and the mirrored clip's frame is
    /// the picture ffmpeg shows for it (turned, flipped, fitted).
    func testRealPhoneClipsAreConformedUprightAndDecodeCleanly() throws {
        let reflected = try Fixture.realMedia("ax-sample_rotate_and_reflect.mp4")
        let folder = try TemporaryFolder()
        let out = folder.file("phones.mp4")
        let result = try CLIRunner.run(["export", "--video", clipA, "--video", reflected, "--video", try Fixture.realMedia("exo-video_1.mp4"),
                                        "--video", try Fixture.realMedia("jsonize-iphone_rotated.mov"), "--transition", "dissolve:0.5", "-o", out])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("smart render: clip 2 is re-encoded whole: its 288×352 picture is conformed to 640×360"), result.stderr)
        XCTAssertEqual(try Tool.decodeErrors(out), "")
        for seek in ["5.7", "6.3", "7.5"] {
            XCTAssertEqual(try Tool.runCapturingErrors("ffmpeg", ["-v", "error", "-nostdin", "-ss", seek, "-i", out, "-f", "null", "-"]).errors, "")
        }
        // Timeline 6.0 s is the reflected clip's frame 15 (0.5 s at 29.97 fps): 720×1080 shown, fitted to 240×360.
        let png = folder.file("reflected.png")
        XCTAssertEqual(try CLIRunner.run(["frame", "--video", clipA, "--video", reflected, "--transition", "dissolve:0.5", "--at", "6.0", "-o", png]).status, 0)
        let drawn = [UInt8](try Tool.run("ffmpeg", ["-v", "error", "-i", png, "-vf", "crop=240:360:200:0", "-f", "rawvideo", "-pix_fmt", "gray", "-"]))
        let reference = [UInt8](try Tool.run("ffmpeg", ["-v", "error", "-nostdin", "-i", reflected, "-vf", "select=eq(n\\,15),scale=240:360",
                                                        "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "gray", "-"]))
        XCTAssertGreaterThanOrEqual(psnr(drawn, reference), 28, "the reflected clip as ffmpeg shows it")
    }

    /// `inspect` and `plot` show the transitions, their clamps and what the export copies.
    func testInspectAndPlotShowTheTransitions() throws {
        let args = ["--video", clipA, "--video", clipB, "--video", Fixture.repoPath("fixtures/media/clip-c.mp4"), "--transition", "wipe-up:3"]
        let inspect = try CLIRunner.run(["inspect"] + args)
        XCTAssertEqual(inspect.status, 0, inspect.stderr)
        for line in ["     3.500 –     6.000 s  wipe-up", "transition: wipe-up into clip 1 at 3.5s for 2.5s (clamped from 3s: at most half the shorter clip)",
                     "transition: wipe-up into clip 2 at 6.5s for 2s (clamped from 3s: at most half the shorter clip)",
                     "copy: clip-a.mp4 0.000 – 3.000 s", "re-encode: transition"] {
            XCTAssertTrue(inspect.stdout.contains(line), "\(line) not in:\n\(inspect.stdout)")
        }
        XCTAssertFalse(inspect.stdout.contains("cuts at"), inspect.stdout)
        let folder = try TemporaryFolder()
        let svg = folder.file("t.svg")
        XCTAssertEqual(try CLIRunner.run(["plot"] + args + ["-o", svg]).status, 0)
        let drawn = try String(contentsOfFile: svg, encoding: .utf8)
        XCTAssertTrue(drawn.contains(#"class="transition" data-kind="wipe-up" data-start="3.500000" data-end="6.000000""#), drawn)
        XCTAssertTrue(drawn.contains(#"class="transition" data-kind="wipe-up" data-start="6.500000" data-end="8.500000""#), drawn)
        XCTAssertFalse(drawn.contains(#"class="cut""#), "no cut where a transition leads in")
    }

    func testBadVideoFlagsAreRefusedNamingTheValue() throws {
        let folder = try TemporaryFolder()
        let out = folder.file("x.mp4")
        for (flag, value, expected) in [("--transition", "spin:1", "unknown transition"), ("--render-size", "1279x720", "1279 is odd"),
                                        ("--background", "#12", "#RRGGBB")] {
            let result = try CLIRunner.run(["export", "--video", clipA, flag, value, "-o", out])
            XCTAssertEqual(result.status, 64, "\(flag) \(value): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains(expected), result.stderr)
        }
    }

    private func decodedMono(_ path: String) throws -> [Float] {
        let data = try Tool.run("ffmpeg", ["-v", "error", "-nostdin", "-i", path, "-map", "0:a:0", "-af", "pan=mono|c0=c0", "-f", "f32le", "-ar", "48000", "-"])
        return data.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
    }

    /// Powers (amplitude²/2) of two tones in `x[range]`, fitted together by least squares.
    static func twoTonePowers(_ x: [Float], range: Range<Int>, rate: Double, f1: Double, f2: Double) -> (Double, Double) {
        let w1 = 2 * Double.pi * f1 / rate, w2 = 2 * Double.pi * f2 / rate
        var m = [[Double]](repeating: [Double](repeating: 0, count: 4), count: 4), v = [Double](repeating: 0, count: 4)
        for n in range {
            let t = Double(n)
            let basis = [sin(w1 * t), cos(w1 * t), sin(w2 * t), cos(w2 * t)]
            for i in 0..<4 {
                v[i] += basis[i] * Double(x[n])
                for j in 0..<4 { m[i][j] += basis[i] * basis[j] }
            }
        }
        // Gaussian elimination with partial pivoting.
        for col in 0..<4 {
            let pivot = (col..<4).max { abs(m[$0][col]) < abs(m[$1][col]) }!
            m.swapAt(col, pivot); v.swapAt(col, pivot)
            for row in (col + 1)..<4 {
                let f = m[row][col] / m[col][col]
                for k in col..<4 { m[row][k] -= f * m[col][k] }
                v[row] -= f * v[col]
            }
        }
        var p = [Double](repeating: 0, count: 4)
        for row in (0..<4).reversed() {
            p[row] = (v[row] - ((row + 1)..<4).reduce(0) { $0 + m[row][$1] * p[$1] }) / m[row][row]
        }
        return ((p[0] * p[0] + p[1] * p[1]) / 2, (p[2] * p[2] + p[3] * p[3]) / 2)
    }
}
