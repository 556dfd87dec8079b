import Foundation
import MixdownTestSupport
import XCTest

/// Project files from the command line: the demo, `init` round trips, `validate`.
final class CLIProjectTests: XCTestCase {
    let demoFlags = [
        "--video", Fixture.path("clip-a.mp4"), "--video", Fixture.path("clip-c.mp4"), "--video", Fixture.path("clip-b.mp4"),
        "--voiceover", "\(Fixture.path("vo-short.wav"))@1.5", "--voiceover", "\(Fixture.path("vo-pauses.wav"))@6.0",
        "--music", Fixture.path("music.mp3"), "--clip-volume", "0.5", "--music-volume", "0.8",
        "--fade-in", "2", "--fade-out", "3", "--duck", "-12",
    ]

    var demoProject: String { Fixture.packageRoot.appendingPathComponent("fixtures/demo/project.json").path }

    func mix(_ arguments: [String], to path: String) throws -> Data {
        let result = try CLIRunner.run(["mix"] + arguments + ["--quiet", "-o", path])
        XCTAssertEqual(result.status, 0, result.stderr)
        return try Data(contentsOf: URL(fileURLWithPath: path))
    }

    func testDemoProjectRendersTheSameWAVAsTheFlags() throws {
        let dir = try temporaryFolderURL()
        defer { try? FileManager.default.removeItem(at: dir) }
        let fromFile = try mix([demoProject], to: dir.appendingPathComponent("a.wav").path)
        let fromFlags = try mix(demoFlags, to: dir.appendingPathComponent("b.wav").path)
        XCTAssertEqual(fromFile.count, 44 + 15 * 48_000 * 2 * 3, accuracy: 100)
        XCTAssertTrue(fromFile == fromFlags, "the project file and the flags render different WAVs")
    }

    func testInitRoundTrips() throws {
        let dir = try temporaryFolderURL()
        defer { try? FileManager.default.removeItem(at: dir) }
        let project = dir.appendingPathComponent("p.json").path
        let result = try CLIRunner.run(["init"] + demoFlags + ["--duck-mode", "signal", "-o", project])
        XCTAssertEqual(result.status, 0, result.stderr)
        let text = try String(contentsOfFile: project, encoding: .utf8)
        XCTAssertTrue(text.contains("\"signal\""), text)
        let fromFile = try mix([project], to: dir.appendingPathComponent("a.wav").path)
        let fromFlags = try mix(demoFlags + ["--duck-mode", "signal"], to: dir.appendingPathComponent("b.wav").path)
        XCTAssertTrue(fromFile == fromFlags, "init's project renders differently from its flags")
        // Flags beside a project override it.
        let louder = try mix([project, "--music-volume", "1"], to: dir.appendingPathComponent("c.wav").path)
        XCTAssertFalse(louder == fromFile)
    }

    func testValidate() throws {
        let ok = try CLIRunner.run(["validate", demoProject])
        XCTAssertEqual(ok.status, 0, ok.stderr)
        XCTAssertTrue(ok.stderr.contains("valid"), ok.stderr)

        let dir = try temporaryFolderURL()
        defer { try? FileManager.default.removeItem(at: dir) }
        let missing = dir.appendingPathComponent("missing.json")
        try Data("""
            {"version": 1, "music": [{"path": "nope.mp3"}], "voiceovers": [{"path": "gone.wav", "start": 1}]}
            """.utf8).write(to: missing)
        let result = try CLIRunner.run(["validate", missing.path])
        XCTAssertEqual(result.status, 66, result.stderr)
        XCTAssertTrue(result.stderr.contains("voiceovers[0].path") && result.stderr.contains("music[0].path"), result.stderr)

        let bad = dir.appendingPathComponent("bad.json")
        try Data("""
            {"version": 1, "music": [{"path": "x.mp3", "fadein": 2, "volume": "loud"}]}
            """.utf8).write(to: bad)
        let badResult = try CLIRunner.run(["validate", bad.path])
        XCTAssertEqual(badResult.status, 65, badResult.stderr)
        XCTAssertTrue(badResult.stderr.contains("music[0].fadein"), badResult.stderr)
        XCTAssertTrue(badResult.stderr.contains("fadeIn"), badResult.stderr)
        XCTAssertTrue(badResult.stderr.contains("music[0].volume"), badResult.stderr)

        let absent = try CLIRunner.run(["mix", dir.appendingPathComponent("absent.json").path, "-o", dir.appendingPathComponent("o.wav").path])
        XCTAssertEqual(absent.status, 66, absent.stderr)
    }
}

/// `inspect` and `plot` on the demo: the timeline as text, the warnings, the picture.
final class CLIInspectTests: XCTestCase {
    var demoProject: String { Fixture.packageRoot.appendingPathComponent("fixtures/demo/project.json").path }

    func testInspectListsTracksCutsAndWarnsOfClipping() throws {
        let result = try CLIRunner.run(["inspect", demoProject])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("cuts at 6.000 s, 10.000 s"), result.stdout)
        XCTAssertTrue(result.stdout.contains("ducked"), result.stdout)
        XCTAssertTrue(result.stdout.contains("voiceovers[1]") == false, "the demo's takes end inside the timeline")
        XCTAssertFalse(result.stdout.contains("clipping expected"), result.stdout)
        let loud = try CLIRunner.run(["inspect", demoProject, "--music-volume", "4"])
        XCTAssertTrue(loud.stdout.contains("clipping expected: the mix peaks at +"), loud.stdout)
    }

    func testPlotWritesSVG() throws {
        let dir = try temporaryFolderURL()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("timeline.svg").path
        let result = try CLIRunner.run(["plot", demoProject, "-o", out])
        XCTAssertEqual(result.status, 0, result.stderr)
        let svg = try String(contentsOfFile: out, encoding: .utf8)
        XCTAssertTrue(svg.hasPrefix("<?xml") || svg.hasPrefix("<svg"), String(svg.prefix(80)))
        XCTAssertEqual(svg.components(separatedBy: "class=\"lane\"").count - 1, 4)
    }
}
