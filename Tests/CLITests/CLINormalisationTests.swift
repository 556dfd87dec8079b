import Foundation
import MixdownTestSupport
import XCTest

/// `--loudness` end to end, measured by ffmpeg's `ebur128` filter (an independent
/// meter): the WAV and the decoded AAC of the demo land on the target with their
/// true peak under the ceiling, and the duck keeps its depth.
final class CLINormalisationTests: XCTestCase {
    func testThePodcastPresetOnTheDemoMeasuresMinus16WithItsPeaksUnderMinus1() throws {
        let folder = try TemporaryFolder()
        let plain = folder.file("plain.wav")
        XCTAssertEqual(try CLIRunner.run(["mix", Fixture.repoPath("fixtures/demo/project.json"), "-o", plain, "--quiet"]).status, 0)
        let before = try Tool.ebur128(plain)
        XCTAssertGreaterThan(abs(before.integrated + 16), 1, "the demo is not at the target already")
        for (command, name) in [("mix", "pod.wav"), ("export", "pod.mp4")] {
            let out = folder.file(name)
            let result = try CLIRunner.run([command, Fixture.repoPath("fixtures/demo/project.json"), "--loudness", "podcast", "-o", out])
            XCTAssertEqual(result.status, 0, result.stderr)
            let after = try Tool.ebur128(out)
            XCTAssertEqual(after.integrated, -16, accuracy: 0.2, "\(name): \(result.stderr)")
            XCTAssertLessThanOrEqual(after.truePeak, -1, "\(name): \(result.stderr)")
            // The summary names what was written, as ffmpeg reads it.
            XCTAssertTrue(result.stderr.contains(String(format: "%.1f LUFS", after.integrated)), result.stderr)
            XCTAssertTrue(result.stderr.contains("loudness: the mix measured"), result.stderr)
        }
    }

    func testAFlagTargetAndCeilingAndTheirErrors() throws {
        let folder = try TemporaryFolder()
        let out = folder.file("loud.wav")
        let result = try CLIRunner.run(["mix", Fixture.repoPath("fixtures/demo/project.json"), "--loudness=-20", "--true-peak=-3", "-o", out, "--quiet"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let measured = try Tool.ebur128(out)
        XCTAssertEqual(measured.integrated, -20, accuracy: 0.2)
        XCTAssertLessThanOrEqual(measured.truePeak, -3)
        let bad = try CLIRunner.run(["mix", Fixture.repoPath("fixtures/demo/project.json"), "--loudness", "loud", "-o", out])
        XCTAssertEqual(bad.status, 64)
        XCTAssertTrue(bad.stderr.contains("podcast, streaming, ebu-r128, atsc-a85"), bad.stderr)
        let alone = try CLIRunner.run(["mix", Fixture.repoPath("fixtures/demo/project.json"), "--true-peak=-2", "-o", out])
        XCTAssertEqual(alone.status, 64)
        XCTAssertTrue(alone.stderr.contains("--true-peak needs a target"), alone.stderr)
    }

    /// A target the mix could reach only by limiting more than 6 dB is not forced:
    /// the mix is delivered quieter, limited 6 dB at most, with a warning naming
    /// the loudest moment and the loudness delivered.
    func testATargetOutOfReachIsNotForced() throws {
        let folder = try TemporaryFolder()
        let out = folder.file("loud.wav")
        let result = try CLIRunner.run(["mix", Fixture.repoPath("fixtures/demo/project.json"), "--loudness=-8", "--true-peak=-6", "-o", out])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("mixdown: warning: loudness: reaching -8 LUFS under -6 dBTP would take more than 6 dB of limiting (the loudest moment, at "),
                      result.stderr)
        let delivered = try XCTUnwrap(result.stderr.range(of: #"delivered at (-?[0-9.]+) LUFS"#, options: .regularExpression)
            .flatMap { Double(result.stderr[$0].split(separator: " ")[2]) })
        let reduction = try XCTUnwrap(result.stderr.range(of: #"at most [0-9.]+ dB"#, options: .regularExpression)
            .flatMap { Double(result.stderr[$0].split(separator: " ")[2]) })
        XCTAssertLessThanOrEqual(reduction, 6.5, "limited about 6 dB at most")
        let measured = try Tool.ebur128(out)
        XCTAssertEqual(measured.integrated, delivered, accuracy: 0.2, "the loudness the warning gives")
        XCTAssertLessThan(measured.integrated, -9, "quieter than the target")
        XCTAssertLessThanOrEqual(measured.truePeak, -6)
        XCTAssertFalse(result.stderr.contains("not within"), "the file is what the mastering reaches")
    }

    /// The static gain moves the whole mix: the music's level under the voice
    /// against its level between answers (a 13 kHz tone bed read by a lock-in)
    /// is the same within 0.1 dB before and after normalisation.
    func testNormalisationKeepsTheDuckDepth() throws {
        let folder = try TemporaryFolder()
        let bed = folder.file("tone.wav")
        let wave = "0.1*sin(2*PI*13000*t)"
        _ = try Tool.run("ffmpeg", ["-v", "error", "-f", "lavfi", "-i", "aevalsrc=\(wave)|\(wave):s=48000:d=20", "-c:a", "pcm_f32le", bed])
        func depth(_ extra: [String]) throws -> Double {
            let out = folder.file("mix\(extra.count).wav")
            let result = try CLIRunner.run(["mix", "--video", Fixture.path("interview.mp4"), "--music", bed, "--duck-under", "clips",
                                            "--format", "f32", "-o", out, "--quiet"] + extra)
            XCTAssertEqual(result.status, 0, result.stderr)
            let left = try Tool.decodeStereo(out).left
            // Inside the second answer (3.25–5.57 s) and inside the 4 s pause after it (6.6–8.5 s).
            return level(left, 170_000..<260_000) - level(left, 320_000..<400_000)
        }
        let plain = try depth([]), normalised = try depth(["--loudness", "streaming"])
        XCTAssertEqual(plain, -12, accuracy: 0.5, "the duck")
        XCTAssertEqual(normalised, plain, accuracy: 0.1, "the duck's depth after normalisation")
    }

    /// The 13 kHz tone's level in dB over `window`.
    private func level(_ left: [Float], _ window: Range<Int>) -> Double {
        var i = 0.0, q = 0.0
        for n in window {
            let phase = 2 * Double.pi * 13_000 * Double(n) / 48_000
            i += Double(left[n]) * cos(phase)
            q += Double(left[n]) * sin(phase)
        }
        return 20 * log10(2 * (i * i + q * q).squareRoot() / Double(window.count))
    }
}
