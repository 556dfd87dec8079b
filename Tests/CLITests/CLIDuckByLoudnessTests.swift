import Foundation
import MixdownTestSupport
import XCTest

/// `--duck-mode loudness --duck-below LU`: the depth chosen per duck, as `automation`
/// shows it and as the envelope applies it; through a project file too.
final class CLIDuckByLoudnessTests: XCTestCase {
    let flags = ["--music", Fixture.path("music.mp3"), "--voiceover", Fixture.path("vo-pauses.wav") + "@5",
                 "--duck-mode", "loudness", "--duck-below", "20"]

    /// The music track of `automation --json` for `arguments`.
    func musicTrack(_ arguments: [String]) throws -> [String: Any] {
        let result = try CLIRunner.run(["automation", "--json"] + arguments)
        XCTAssertEqual(result.status, 0, result.stderr)
        let tracks = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        return try XCTUnwrap(tracks.first { $0["role"] as? String == "music" })
    }

    /// The one loudness duck of `track`.
    func duck(_ track: [String: Any]) throws -> [String: Any] {
        let ducks = try XCTUnwrap(track["loudnessDucks"] as? [[String: Any]])
        XCTAssertEqual(ducks.count, 1, "\(ducks)")
        return try XCTUnwrap(ducks.first)
    }

    func testTheChosenDepthPutsTheMusicTheAskedGapUnderTheVoice() throws {
        let music = try musicTrack(flags)
        let chosen = try duck(music)
        let voice = try XCTUnwrap(chosen["voiceLUFS"] as? Double)
        let bed = try XCTUnwrap(chosen["targetLUFS"] as? Double)
        let depth = try XCTUnwrap(chosen["depthDB"] as? Double)
        XCTAssertEqual(chosen["belowLU"] as? Double, 20)
        XCTAssertEqual(chosen["fallback"] as? Bool, false)
        let region = try XCTUnwrap(chosen["region"] as? [Double])
        XCTAssertEqual(region.count, 2)
        XCTAssertEqual(region[0], 5)
        XCTAssertEqual(region[1], 5 + 152_511.0 / 22_050, accuracy: 1e-9, "the whole take")
        XCTAssertEqual(voice - (bed + depth), 20, accuracy: 1e-9)
        // vo-pauses.wav reads -21.5 LUFS mono (ffmpeg), +3 dB as the centred stereo of the mix; the bed -13.4 LUFS.
        XCTAssertEqual(voice, -18.5, accuracy: 0.2)
        XCTAssertEqual(bed, -13.4, accuracy: 0.3)
        // The envelope holds the bed at exactly that depth inside the region.
        let spans = try XCTUnwrap(music["spans"] as? [[String: Any]])
        let held = try XCTUnwrap(spans.first { $0["start"] as? Double == 5 })
        XCTAssertEqual(20 * log10(try XCTUnwrap(held["startGain"] as? Double)), depth, accuracy: 1e-9)

        let quieter = try duck(musicTrack(flags + ["--music-volume", "-10dB"]))
        XCTAssertEqual(try XCTUnwrap(quieter["depthDB"] as? Double) - depth, 10, accuracy: 0.05,
                       "a bed 10 dB quieter ducks 10 dB less")

        let text = try CLIRunner.run(["automation"] + flags)
        XCTAssertEqual(text.status, 0, text.stderr)
        XCTAssertTrue(text.stdout.contains(String(format: "  duck %.1f dB over 5.000 – 11.917 s: voice %.1f LUFS", depth, voice)), text.stdout)
        XCTAssertTrue(text.stdout.contains("(asked: 20 LU under the voice)"), text.stdout)
    }

    func testAProjectFileKeepsTheModeAndTheGap() throws {
        let dir = try temporaryFolderURL()
        defer { try? FileManager.default.removeItem(at: dir) }
        let project = dir.appendingPathComponent("p.json").path
        let written = try CLIRunner.run(["init"] + flags + ["-o", project])
        XCTAssertEqual(written.status, 0, written.stderr)
        let ducking = try XCTUnwrap((JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: project))) as? [String: Any])?["ducking"] as? [String: Any])
        XCTAssertEqual(ducking["mode"] as? String, "loudness")
        XCTAssertEqual(ducking["below"] as? Double, 20)
        XCTAssertEqual(try duck(musicTrack([project]))["depthDB"] as? Double, try duck(musicTrack(flags))["depthDB"] as? Double)
    }
}
