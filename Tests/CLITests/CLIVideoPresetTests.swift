import Foundation
import MixdownTestSupport
import MixdownUnits
import XCTest

/// `--video-preset` and `video.preset`: parsed and refused in one place, and the
/// preset (with the export's threads) reaching x264, as the options string x264
/// writes into the stream's SEI says.
final class CLIVideoPresetTests: XCTestCase {
    private let clipA = Fixture.repoPath("fixtures/media/clip-a.mp4")

    /// The options x264 wrote into the file's SEI user data (`cabac=1 ref=3 …`),
    /// one entry per option; fails when the file holds no such string or more than one.
    private func x264Options(_ path: String, file: StaticString = #filePath, line: UInt = #line) throws -> [String: String] {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let marker = Array("x264 - core".utf8), optionsMarker = Array(" - options: ".utf8)
        var found: [[String: String]] = []
        var i = 0
        while i + marker.count <= bytes.count {
            guard bytes[i..<(i + marker.count)].elementsEqual(marker) else { i += 1; continue }
            var end = i
            while end < bytes.count, bytes[end] >= 0x20, bytes[end] < 0x7f { end += 1 }
            let text = String(decoding: bytes[i..<end], as: UTF8.self)
            if let start = text.range(of: String(decoding: optionsMarker, as: UTF8.self)) {
                var options: [String: String] = [:]
                for pair in text[start.upperBound...].split(separator: " ") {
                    let parts = pair.split(separator: "=", maxSplits: 1)
                    if parts.count == 2 { options[String(parts[0])] = String(parts[1]) }
                }
                found.append(options)
            }
            i = end
        }
        XCTAssertEqual(found.count, 1, "one x264 SEI options string in \(path)", file: file, line: line)
        return found.first ?? [:]
    }

    /// Re-encoded whole (--full-render), the stream carries the chosen preset's
    /// settings, the export's threads as x264's frame threads, and decodes cleanly.
    func testThePresetAndThreadsReachTheEncoder() throws {
        let folder = try TemporaryFolder()
        var seen: [String: [String: String]] = [:]
        for preset in ["ultrafast", "veryslow", ""] {
            let out = folder.file("full-\(preset.isEmpty ? "default" : preset).mp4")
            let flags = preset.isEmpty ? [] : ["--video-preset", preset]
            let made = try CLIRunner.run(["export", "--video", clipA, "--full-render", "--threads", "2"] + flags + ["-o", out])
            XCTAssertEqual(made.status, 0, made.stderr)
            XCTAssertTrue(made.stderr.contains("0 frames copied, 180 re-encoded (H.264, CRF \(VideoQuality.standard), preset \(preset.isEmpty ? VideoPreset.standard.rawValue : preset))"),
                          made.stderr)
            seen[preset] = try x264Options(out)
            // Decodes cleanly, every frame.
            let decoded = try Tool.run("ffmpeg", ["-v", "error", "-nostdin", "-i", out, "-map", "0:v", "-f", "framecrc", "-"])
            XCTAssertEqual(String(decoding: decoded, as: UTF8.self).split(separator: "\n").filter { !$0.hasPrefix("#") }.count, 180)
        }
        // x264's presets (x264 --fullhelp): ultrafast no CABAC, diamond search, subme 0;
        // veryfast hex, subme 2, one reference; veryslow umh, subme 10, 16 references.
        XCTAssertEqual(seen["ultrafast"]?["cabac"], "0")
        XCTAssertEqual(seen["ultrafast"]?["me"], "dia")
        XCTAssertEqual(seen["ultrafast"]?["subme"], "0")
        XCTAssertEqual(seen["veryslow"]?["cabac"], "1")
        XCTAssertEqual(seen["veryslow"]?["me"], "umh")
        XCTAssertEqual(seen["veryslow"]?["subme"], "10")
        XCTAssertEqual(seen[""]?["me"], "hex", "the default, veryfast")
        XCTAssertEqual(seen[""]?["subme"], "2", "the default, veryfast")
        XCTAssertEqual(seen[""]?["ref"], "1", "the default, veryfast")
        XCTAssertEqual(seen[""]?["crf"], String(format: "%.1f", VideoQuality.standard.crf))
        for options in seen.values {
            XCTAssertEqual(options["threads"], "2", "--threads 2: two frame threads")
            XCTAssertEqual(options["lookahead_threads"], "1")
        }
        // --threads 1: one frame thread, so the export keeps to one core.
        let single = folder.file("single.mp4")
        let made = try CLIRunner.run(["export", "--video", clipA, "--full-render", "--threads", "1", "-o", single])
        XCTAssertEqual(made.status, 0, made.stderr)
        XCTAssertEqual(try x264Options(single)["threads"], "1")
    }

    /// A project's `video.preset` is the default the flag overrides.
    func testTheProjectsPresetAndTheFlagOverIt() throws {
        let folder = try TemporaryFolder()
        let project = folder.file("p.json")
        try #"{"version": 1, "clips": [{"path": "\#(clipA)"}], "video": {"preset": "ultrafast", "fullRender": true}}"#
            .write(toFile: project, atomically: true, encoding: .utf8)
        let fromProject = folder.file("project.mp4"), fromFlag = folder.file("flag.mp4")
        XCTAssertEqual(try CLIRunner.run(["export", project, "--range", "0-1", "-o", fromProject]).status, 0)
        XCTAssertEqual(try x264Options(fromProject)["me"], "dia")
        let made = try CLIRunner.run(["export", project, "--range", "0-1", "--video-preset", "slow", "-o", fromFlag])
        XCTAssertEqual(made.status, 0, made.stderr)
        XCTAssertEqual(try x264Options(fromFlag)["subme"], "8", "slow: subme 8")
    }

    /// One line naming the flag or the key and the value: 64 for a flag, 65 with the JSON path.
    func testBadPresetsAreRefusedInOneLine() throws {
        for command in ["export", "mix", "frame", "inspect", "plot"] {
            var arguments = [command, "--video", clipA, "--video-preset", "Turbo"]
            if command != "inspect" { arguments += ["-o", "/tmp/never-written.\(command == "frame" ? "png" : command == "plot" ? "svg" : command == "mix" ? "wav" : "mp4")"] }
            let result = try CLIRunner.run(arguments)
            XCTAssertEqual(result.status, 64, "\(command): \(result.stderr)")
            let lines = result.stderr.split(separator: "\n").filter { !$0.hasPrefix("Usage:") && !$0.hasPrefix("  See") && !$0.isEmpty }
            XCTAssertEqual(lines.count, 1, "\(command): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("--video-preset"), result.stderr)
            XCTAssertTrue(result.stderr.contains("Turbo"), result.stderr)
            XCTAssertTrue(result.stderr.contains(VideoPreset.expected), result.stderr)
        }
        let folder = try TemporaryFolder()
        let project = folder.file("p.json")
        try #"{"version": 1, "clips": [{"path": "\#(clipA)"}], "video": {"preset": "fastest"}}"#.write(toFile: project, atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(["export", project, "-o", folder.file("o.mp4")])
        XCTAssertEqual(result.status, 65, result.stderr)
        XCTAssertTrue(result.stderr.contains(#"video.preset: found "fastest", expected an x264 preset"#), result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.file("o.mp4")))
    }
}
