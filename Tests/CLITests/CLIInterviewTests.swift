import Foundation
import MixdownTestSupport
import XCTest

/// Ducking under the people on camera, end to end: the interview fixture (speech
/// in the clip's own audio over room noise) under a music bed that is one 13 kHz
/// tone, mixed by the CLI to a WAV; a lock-in on the tone reads the music's gain
/// in every 20 ms window (the speech and the room have next to nothing at 13 kHz).
final class CLIInterviewTests: XCTestCase {
    let rate = 48_000
    let tone = 13_000.0
    let amplitude = 0.25
    let depth = -12.0

    /// The speech regions of interview.mp4, in samples at 48 kHz (its manifest).
    private func speech() throws -> [Range<Int>] {
        let audio = try Fixture.audioFacts("interview.mp4")
        let pairs = try XCTUnwrap(audio["speech_regions_samples"] as? [[Int]])
        return pairs.map { $0[0]..<$0[1] }
    }

    /// The tone's gain in dB over `window` of the left channel: 2·|Σ x·e^(−iωn)| / N against its amplitude.
    private func gain(_ left: [Float], _ window: Range<Int>) -> Double {
        Measure.dB(Measure.tone(left, frequency: tone, rate: Double(rate), range: window).amplitude / amplitude)
    }

    /// 20 ms windows (260 whole cycles of the tone) that fit in `range`.
    private func windows(in range: Range<Int>) -> [Range<Int>] {
        stride(from: range.lowerBound, through: range.upperBound - 960, by: 480).map { $0..<$0 + 960 }
    }

    func testTheMusicDucksWhileThePersonOnCameraSpeaksAndComesBackBetweenAnswers() throws {
        let folder = try temporaryFolderURL()
        defer { try? FileManager.default.removeItem(at: folder) }
        let bed = folder.appendingPathComponent("tone.wav").path
        let wave = "\(amplitude)*sin(2*PI*\(Int(tone))*t)"
        _ = try Tool.run("ffmpeg", ["-v", "error", "-f", "lavfi", "-i", "aevalsrc=\(wave)|\(wave):s=48000:d=20", "-c:a", "pcm_f32le", bed])
        let out = folder.appendingPathComponent("mix.wav").path
        let result = try CLIRunner.run(["mix", "--video", Fixture.path("interview.mp4"), "--music", bed,
                                        "--duck-under", "clips", "--format", "f32", "-o", out])
        XCTAssertEqual(result.status, 0, result.stderr)
        let left = try Tool.decodeStereo(out).left
        XCTAssertEqual(left.count, 20 * rate)

        let fadeDown = 24_000, fadeUp = 24_000, maxPause = 48_000, margin = 4_800
        let regions = try speech()
        // Down, within 0.5 dB of the depth, from the first syllable to the last of every answer.
        for region in regions {
            let levels = windows(in: region).map { gain(left, $0) }
            XCTAssertFalse(levels.isEmpty)
            for (k, level) in levels.enumerated() {
                XCTAssertEqual(level, depth, accuracy: 0.5, "speech \(region) window \(k): \(level) dB")
            }
        }
        // Up, within 0.5 dB of unity, in every pause longer than the max pause and both ramps,
        // once the ramp up is over and until the ramp down begins (0.1 s of margin for the
        // detector's pre-roll and hangover).
        var pauses = 0
        for (a, b) in zip(regions, regions.dropFirst()) where b.lowerBound - a.upperBound > maxPause + fadeDown + fadeUp {
            pauses += 1
            let open = a.upperBound + fadeUp + margin..<b.lowerBound - fadeDown - margin
            for window in windows(in: open) {
                XCTAssertEqual(gain(left, window), 0, accuracy: 0.5, "pause \(open) window \(window)")
            }
        }
        XCTAssertEqual(pauses, 2, "the fixture has pauses of 3 and 4 s between answers")
        // The 0.4 s pause inside the first answer stays down.
        let short = regions[0].upperBound..<regions[1].lowerBound
        for window in windows(in: short) {
            XCTAssertEqual(gain(left, window), depth, accuracy: 0.5, "the short pause \(short)")
        }
    }

    func testReportsShowTheSpeechFoundAndTheDuckItDrives() throws {
        let arguments = ["--video", Fixture.path("interview.mp4"), "--music", Fixture.path("music.mp3"), "--duck-under", "clips"]
        let json = try CLIRunner.run(["automation", "--json"] + arguments)
        XCTAssertEqual(json.status, 0, json.stderr)
        let tracks = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        let clip = try XCTUnwrap(tracks.first { ($0["speech"] as? [Any])?.isEmpty == false })
        XCTAssertEqual(clip["role"] as? String, "clip-audio")
        let found = try XCTUnwrap((clip["speech"] as? [[String: Any]])?.first)
        XCTAssertEqual(found["item"] as? String, "clips[0]")
        let regions = try XCTUnwrap(found["regions"] as? [[Double]])
        XCTAssertEqual(regions.count, 3, "four answers, the first two 0.4 s apart: \(regions)")
        for truth in try speech() {
            let (start, end) = (Double(truth.lowerBound) / Double(rate), Double(truth.upperBound) / Double(rate))
            XCTAssertTrue(regions.contains { $0[0] <= start && end <= $0[1] }, "speech \(start)–\(end) s inside \(regions)")
        }
        let music = try XCTUnwrap(tracks.first { $0["role"] as? String == "music" })
        let ducked = try XCTUnwrap(music["duckRegions"] as? [[Double]])
        XCTAssertEqual(ducked.count, 3)
        for (duck, region) in zip(ducked, regions) {
            XCTAssertEqual(duck[0], region[0] - 0.5, accuracy: 1e-9, "the ramp down ends where the speech starts")
            XCTAssertEqual(duck[1], region[1] + 0.5, accuracy: 1e-9, "the ramp up starts where it ends")
        }

        let text = try CLIRunner.run(["inspect"] + arguments)
        XCTAssertEqual(text.status, 0, text.stderr)
        XCTAssertTrue(text.stdout.contains("speech in clips[0] (interview.mp4): "), text.stdout)
        XCTAssertEqual(text.stdout.components(separatedBy: "  ducked ").count - 1, 3, text.stdout)
    }

    func testAPartThatCannotTriggerTheDuckIsRefused() throws {
        let result = try CLIRunner.run(["mix", "--music", Fixture.path("music.mp3"), "--duck-under", "music", "-o", "/tmp/never.wav"])
        XCTAssertEqual(result.status, 64)
        XCTAssertTrue(result.stderr.contains(#""music" is not one of voiceovers, clips; expected a comma-separated list of them"#), result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: "/tmp/never.wav"))
    }
}

/// The pan flags, end to end: each applies to every item of its kind.
final class CLIPanTests: XCTestCase {
    func testPanFlagsPlaceEachKindOfItem() throws {
        let folder = try temporaryFolderURL()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("panned.wav").path
        let result = try CLIRunner.run(["mix", "--voiceover", Fixture.path("sine-1k-22050.wav") + "@0", "--voiceover-pan", "-1",
                                        "--music", Fixture.path("music.mp3"), "--music-pan", "1", "--music-volume", "0",
                                        "--format", "f32", "-o", out])
        XCTAssertEqual(result.status, 0, result.stderr)
        let (left, right) = try Tool.decodeStereo(out)
        let steady = 9_600..<86_400
        let rms = (left[steady].reduce(0.0) { $0 + Double($1) * Double($1) } / Double(steady.count)).squareRoot()
        XCTAssertEqual(rms, 0.5, accuracy: 1e-3, "hard left: the take's 0.5 sine (RMS 0.354) at +3 dB on the left")
        XCTAssertEqual(right[0..<96_000].map(abs).max(), 0, "and silence on the right")
        let refused = try CLIRunner.run(["mix", "--music", Fixture.path("music.mp3"), "--music-pan", "left", "-o", out + "2"])
        XCTAssertEqual(refused.status, 64)
        XCTAssertTrue(refused.stderr.contains("expected a pan from -1 (left) to 1 (right), like -0.3; 0 is the centre"), refused.stderr)
    }
}
