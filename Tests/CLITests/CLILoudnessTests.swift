import Foundation
import MixdownTestSupport
import XCTest

/// `mixdown loudness` against ffmpeg's `ebur128` filter: files as they are, and a
/// project's mix, stems and dialogue against WAVs `mixdown mix` writes of the same
/// project (f32, so nothing is quantised), which ffmpeg decodes and meters itself.
final class CLILoudnessTests: XCTestCase {
    var demoProject: String { Fixture.packageRoot.appendingPathComponent("fixtures/demo/project.json").path }

    /// Runs `mixdown loudness arguments --json` and parses what it prints.
    private func measure(_ arguments: [String]) throws -> [String: Any] {
        let result = try CLIRunner.run(["loudness"] + arguments + ["--json"])
        XCTAssertEqual(result.status, 0, result.stderr)
        return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], result.stdout)
    }

    /// A WAV of the demo project, with `flags` beside it.
    private func mixDemo(_ flags: [String], into folder: URL, name: String) throws -> String {
        let path = folder.appendingPathComponent(name).path
        let result = try CLIRunner.run(["mix", demoProject] + flags + ["--format", "f32", "--quiet", "-o", path])
        XCTAssertEqual(result.status, 0, result.stderr)
        return path
    }

    /// Our integrated loudness and true peak of `figures` beside ffmpeg's, within
    /// ffmpeg's printed precision (0.1) and the two meters' difference.
    private func assertAgrees(_ figures: Any?, with theirs: Tool.EBUR128Summary, _ what: String) throws {
        let ours = try XCTUnwrap(figures as? [String: Any], "\(what): no figures")
        let integrated = try XCTUnwrap(ours["integrated"] as? Double, "\(what): no integrated loudness")
        let truePeak = try XCTUnwrap(ours["truePeak"] as? Double, "\(what): no true peak")
        print("\(what): I \(integrated) / ffmpeg \(theirs.integrated) LUFS, TP \(truePeak) / ffmpeg \(theirs.truePeak) dBTP")
        XCTAssertEqual(integrated, theirs.integrated, accuracy: 0.1, "\(what): integrated loudness")
        XCTAssertEqual(truePeak, theirs.truePeak, accuracy: 0.1, "\(what): true peak")
    }

    func testFilesAgreeWithFFmpeg() throws {
        let paths = [Fixture.path("music.mp3"), Fixture.path("interview.mp4")]
        let files = try XCTUnwrap(try measure(paths)["files"] as? [[String: Any]])
        XCTAssertEqual(files.map { $0["path"] as? String }, paths)
        for (path, figures) in zip(paths, files) {
            try assertAgrees(figures, with: try Tool.ebur128(path), (path as NSString).lastPathComponent)
            XCTAssertEqual(figures["silent"] as? Bool, false)
            XCTAssertEqual(Set(figures.keys), ["path", "integrated", "range", "truePeak", "samplePeak", "maxMomentary",
                                               "maxMomentaryTime", "maxShortTerm", "maxShortTermTime", "silent"])
        }
        // The table: one aligned line per file.
        let text = try CLIRunner.run(["loudness"] + paths)
        XCTAssertEqual(text.status, 0, text.stderr)
        let lines = text.stdout.split(separator: "\n")
        XCTAssertEqual(lines.count, 2, text.stdout)
        XCTAssertTrue(lines.allSatisfy { $0.contains(" LUFS  LRA ") && $0.contains(" dBTP ") }, text.stdout)
        XCTAssertEqual(Set(lines.map { $0.range(of: " LUFS")?.lowerBound.utf16Offset(in: $0) }).count, 1, "columns not aligned:\n\(text.stdout)")
    }

    /// The demo's mix against ffmpeg on `mixdown mix`'s WAV of it; each stem against
    /// a mix of the same project with the other parts at volume 0 (the music keeps
    /// its duck: the duck follows the takes' ranges, not their level); the dialogue
    /// against ffmpeg on the WAV's voice ranges cut out and joined.
    func testProjectAgreesWithFFmpegOnItsMixes() throws {
        let folder = try temporaryFolderURL()
        defer { try? FileManager.default.removeItem(at: folder) }
        let report = try measure([demoProject])
        XCTAssertEqual(Set(report.keys), ["mix", "stems", "dialogue"], "no output.loudness: no delivery")
        let stems = try XCTUnwrap(report["stems"] as? [String: Any])
        XCTAssertEqual(Set(stems.keys), ["clips", "voiceovers", "music"])

        let mix = try mixDemo([], into: folder, name: "mix.wav")
        try assertAgrees(report["mix"], with: try Tool.ebur128(mix), "demo mix")
        let music = try mixDemo(["--clip-volume", "0", "--voiceover-volume", "0"], into: folder, name: "music.wav")
        try assertAgrees(stems["music"], with: try Tool.ebur128(music), "demo music stem")
        let voice = try mixDemo(["--clip-volume", "0", "--music-volume", "0"], into: folder, name: "voice.wav")
        try assertAgrees(stems["voiceovers"], with: try Tool.ebur128(voice), "demo voice-over stem")

        let dialogue = try XCTUnwrap(report["dialogue"] as? [String: Any])
        let ranges = try XCTUnwrap(dialogue["ranges"] as? [[Double]])
        // The two takes, vo-short.wav at 1.5 s and vo-pauses.wav at 6 s, as they play.
        XCTAssertEqual(ranges.count, 2)
        XCTAssertEqual(ranges.first?.first ?? 0, 1.5, accuracy: 0.001)
        XCTAssertEqual(ranges.last?.first ?? 0, 6, accuracy: 0.001)
        let cuts = ranges.enumerated().map { i, r in
            "[x\(i)]atrim=start_sample=\(Int((r[0] * 48_000).rounded())):end_sample=\(Int((r[1] * 48_000).rounded())),asetpts=N/SR/TB[y\(i)];"
        }.joined()
        let graph = "[0:a:0]asplit=\(ranges.count)" + ranges.indices.map { "[x\($0)]" }.joined() + ";" + cuts
            + ranges.indices.map { "[y\($0)]" }.joined() + "concat=n=\(ranges.count):v=0:a=1,"
        let theirs = try Tool.ebur128(mix, graph: graph)
        let ours = try XCTUnwrap(dialogue["integrated"] as? Double)
        print("demo dialogue: I \(ours) / ffmpeg \(theirs.integrated) LUFS over \(dialogue["seconds"] ?? "?") s")
        XCTAssertEqual(ours, theirs.integrated, accuracy: 0.1, "dialogue loudness")
        XCTAssertEqual(dialogue["seconds"] as? Double ?? 0, ranges.map { $0[1] - $0[0] }.reduce(0, +), accuracy: 0.002)
    }

    /// With `output.loudness`, the target and the gain that would reach it: target − integrated.
    func testDeliveryTargetGivesTheGain() throws {
        let folder = try temporaryFolderURL()
        defer { try? FileManager.default.removeItem(at: folder) }
        var project = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: demoProject))) as? [String: Any])
        project["clips"] = nil
        project["voiceovers"] = nil
        project["music"] = [["path": Fixture.path("music.mp3")]]
        project["output"] = ["loudness": "ebu-r128"]
        let path = folder.appendingPathComponent("p.json")
        try JSONSerialization.data(withJSONObject: project).write(to: path)
        let report = try measure([path.path])
        XCTAssertNil(report["dialogue"], "no voice: no dialogue")
        XCTAssertEqual(Set((report["stems"] as? [String: Any] ?? [:]).keys), ["music"], "absent stems are left out")
        let integrated = try XCTUnwrap((report["mix"] as? [String: Any])?["integrated"] as? Double)
        let truePeak = try XCTUnwrap((report["mix"] as? [String: Any])?["truePeak"] as? Double)
        let delivery = try XCTUnwrap(report["delivery"] as? [String: Any])
        XCTAssertEqual(delivery["target"] as? Double, -23)
        XCTAssertEqual(delivery["truePeakCeiling"] as? Double, -1)
        XCTAssertEqual(delivery["gain"] as? Double ?? 0, -23 - integrated, accuracy: 0.011)
        XCTAssertEqual(delivery["truePeakAfterGain"] as? Double ?? 0, truePeak - 23 - integrated, accuracy: 0.021)
        let text = try CLIRunner.run(["loudness", path.path])
        XCTAssertTrue(text.stdout.contains("target") && text.stdout.contains(String(format: "gain %+.1f dB", -23 - integrated)), text.stdout)
    }

    func testSilentFileIsSilent() throws {
        let folder = try temporaryFolderURL()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("silence.wav").path
        _ = try Tool.run("ffmpeg", ["-v", "error", "-nostdin", "-f", "lavfi", "-i", "anullsrc=r=48000:cl=stereo", "-t", "3", path])
        XCTAssertEqual(try Tool.ebur128(path).integrated, -70, "ffmpeg's floor for silence")
        let file = try XCTUnwrap((try measure([path])["files"] as? [[String: Any]])?.first)
        XCTAssertEqual(file["silent"] as? Bool, true)
        for key in ["integrated", "truePeak", "samplePeak", "maxMomentary", "maxMomentaryTime"] {
            XCTAssertTrue(file[key] is NSNull, "\(key) should be null: \(file)")
        }
        let text = try CLIRunner.run(["loudness", path])
        XCTAssertTrue(text.stdout.contains("silent") && text.stdout.contains("-inf dBTP"), text.stdout)
    }

    /// A 30 ms MP3 (one LAME frame of sound) has no integrated loudness (no 400 ms
    /// block), but it is not silence: `mix` and `loudness` say so and give its
    /// peak, as ffmpeg measures it.
    func testSoundTooShortForALoudnessIsNotCalledSilent() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("short.mp3"), out = folder.file("short.wav")
        _ = try Tool.run("ffmpeg", ["-v", "error", "-nostdin", "-f", "lavfi", "-i", "sine=f=440:r=44100", "-t", "0.03",
                                    "-c:a", "libmp3lame", path])
        let mix = try CLIRunner.run(["mix", "--music", path, "-o", out])
        XCTAssertEqual(mix.status, 0, mix.stderr)
        XCTAssertFalse(mix.stderr.contains("silent"), mix.stderr)
        let match = try XCTUnwrap(mix.stderr.firstMatch(of: #/no integrated loudness \(no 400 ms above -70 LUFS\), true peak (-?\d+\.\d) dBTP/#),
                                  mix.stderr)
        XCTAssertEqual(try XCTUnwrap(Double(match.output.1)), try Tool.ebur128(out).truePeak, accuracy: 0.2, "ffmpeg's true peak")
        let text = try CLIRunner.run(["loudness", path])
        XCTAssertTrue(text.stdout.contains("no LUFS") && !text.stdout.contains("silent"), text.stdout)
    }

    func testErrorsAreOneLineWithTheirExitCodes() throws {
        let missing = try CLIRunner.run(["loudness", Fixture.path("music.mp3"), "/nonexistent/take.wav"])
        XCTAssertEqual(missing.status, 66, missing.stderr)
        XCTAssertEqual(missing.stderr.split(separator: "\n").count, 1, missing.stderr)
        XCTAssertTrue(missing.stderr.contains("/nonexistent/take.wav"), missing.stderr)
        XCTAssertEqual(missing.stdout, "", "nothing printed before the error")

        let unreadable = try CLIRunner.run(["loudness", Fixture.path("not-media.mp4")])
        XCTAssertEqual(unreadable.status, 65, unreadable.stderr)
        for arguments in [[demoProject, Fixture.path("music.mp3")], [Fixture.path("music.mp3"), "--music-volume", "0.5"], []] {
            let usage = try CLIRunner.run(["loudness"] + arguments)
            XCTAssertEqual(usage.status, 64, "\(arguments): \(usage.stderr)")
            XCTAssertEqual(usage.stderr.split(separator: "\n").count, 1, usage.stderr)
        }
    }
}
