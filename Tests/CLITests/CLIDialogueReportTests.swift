import Foundation
import MixdownTestSupport
import XCTest

/// What `loudness` and `inspect` say of each dialogue item: a take of speech over
/// pink noise, levelled and cleaned, and a take of the room tone alone, which
/// the detector hears no speech in, left as recorded and named once in a warning.
final class CLIDialogueReportTests: XCTestCase {
    func testATakeWithoutSpeechIsReportedAsLeftAloneAndTheOtherAsCleaned() throws {
        let folder = try temporaryFolderURL()
        defer { try? FileManager.default.removeItem(at: folder) }
        let room = folder.appendingPathComponent("room.wav").path, take = folder.appendingPathComponent("take.wav").path
        _ = try Tool.run("sox", ["-R", "-r", "22050", "-n", "-c", "1", "-b", "24", room, "synth", "4", "pinknoise", "vol", "0.05"])
        _ = try Tool.run("sox", ["-R", "-m", "-v", "1", Fixture.path("vo-pauses.wav"), "-v", "1", room, "-b", "24", take])
        let timeline = ["--voiceover", take + "@0", "--voiceover", room + "@10",
                        "--level-dialogue", "adaptive", "--denoise", "12", "--highpass", "80"]
        let warning = "mixdown: warning: voiceovers[1]: dialogue 10s–14s: no speech detected, left unlevelled and uncleaned"

        let json = try CLIRunner.run(["loudness"] + timeline + ["--json"])
        XCTAssertEqual(json.status, 0, json.stderr)
        XCTAssertEqual(json.stderr.split(separator: "\n").map(String.init), [warning])
        let report = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let speakers = try XCTUnwrap(report["speakers"] as? [[String: Any]])
        XCTAssertEqual(speakers.count, 2)
        let before = try XCTUnwrap(speakers[0]["before"] as? Double), after = try XCTUnwrap(speakers[0]["after"] as? Double)
        XCTAssertLessThan(before, -15)
        XCTAssertEqual(after, before, accuracy: 1, "the loudest speaker is the target: left within 1 LU")
        XCTAssertTrue(speakers[1]["before"] is NSNull && speakers[1]["after"] is NSNull, "\(speakers[1])")

        let text = try CLIRunner.run(["loudness"] + timeline)
        XCTAssertEqual(text.status, 0, text.stderr)
        let room1 = try XCTUnwrap(text.stdout.split(separator: "\n").first { $0.hasPrefix("voiceovers[1]") })
        XCTAssertTrue(room1.hasSuffix("no speech measured (none detected, or silent)  (room.wav)"), String(room1))

        let inspect = try CLIRunner.run(["inspect"] + timeline)
        XCTAssertEqual(inspect.status, 0, inspect.stderr)
        let lines = inspect.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        XCTAssertTrue(lines.contains("dialogue voiceovers[1] (room.wav): no speech measured, left as recorded"), inspect.stdout)
        let cleaned = try XCTUnwrap(lines.first { $0.hasPrefix("dialogue voiceovers[0] (take.wav): speech ") }, inspect.stdout)
        // The room under the take is pink noise at about −35 dBFS (−3 dB per channel, centred).
        let noise = try XCTUnwrap(cleaned.range(of: #"noise -[0-9.]+ dBFS down 12 dB$"#, options: .regularExpression), cleaned)
        let level = try XCTUnwrap(Double(cleaned[noise].split(separator: " ")[1]))
        XCTAssertEqual(level, Measure.dB(Measure.rms(try Tool.soxDecode(room))) - 3, accuracy: 3, cleaned)
        XCTAssertTrue(cleaned.contains("; highpass 80 Hz, "), cleaned)
        XCTAssertTrue(lines.contains("warning: voiceovers[1]: dialogue 10s–14s: no speech detected, left unlevelled and uncleaned"),
                      inspect.stdout)
    }
}
