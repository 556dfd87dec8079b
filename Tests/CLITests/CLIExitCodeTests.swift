import Foundation
import MixdownTestSupport
import XCTest

/// The README's exit-code table is true for every command: each code a command
/// can return is provoked, and the message is one line on stderr naming the
/// file, field or value (issue 12, item 18).
final class CLIExitCodeTests: XCTestCase {
    private var folder: TemporaryFolder!
    private var badProject = "", missingMediaProject = "", offKeyframeProject = "", pastEndProject = ""

    override func setUpWithError() throws {
        folder = try TemporaryFolder()
        func project(_ name: String, _ json: String) throws -> String {
            let path = folder.file(name)
            try json.write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }
        badProject = try project("bad.json", #"{"version": 1, "music": [{"path": "\#(Fixture.path("music.mp3"))", "volume": "loud"}]}"#)
        missingMediaProject = try project("missing.json", #"{"version": 1, "music": [{"path": "\#(folder.file("gone.mp3"))"}]}"#)
        offKeyframeProject = try project("trim.json", #"{"version": 1, "clips": [{"path": "\#(Fixture.path("clip-a.mp4"))", "in": 0.5}]}"#)
        pastEndProject = try project("past.json", #"{"version": 1, "clips": [{"path": "\#(Fixture.path("clip-a.mp4"))", "in": 99}]}"#)
    }

    override func tearDown() { folder = nil }

    private var music: String { Fixture.path("music.mp3") }
    private var notMedia: String { Fixture.path("not-media.mp4") }
    private var missing: String { folder.file("missing.mp3") }

    /// Runs and checks the code and the one line naming `mentions`.
    private func expect(_ code: Int32, _ arguments: [String], mentions: String, stdout: FileHandle? = nil,
                        fileSizeLimit: Bool = false, file: StaticString = #filePath, line: UInt = #line) throws {
        let result: CLIRunner.Result
        if fileSizeLimit || stdout != nil {
            result = try runWithFileSizeLimit(arguments, stdout: stdout)
        } else {
            result = try CLIRunner.run(arguments)
        }
        let label = "\(arguments.prefix(3).joined(separator: " ")) … → \(code)"
        XCTAssertEqual(result.status, code, "\(label): \(result.stderr)", file: file, line: line)
        XCTAssertEqual(result.stderr.filter { $0 == "\n" }.count, 1, "\(label): one line: \(result.stderr)", file: file, line: line)
        XCTAssertTrue(result.stderr.hasPrefix("mixdown: "), "\(label): \(result.stderr)", file: file, line: line)
        XCTAssertTrue(result.stderr.contains(mentions), "\(label): '\(mentions)' not in \(result.stderr)", file: file, line: line)
    }

    /// Starts `arguments`, lets it work, sends Ctrl-C: 130, nothing written.
    private func expectInterrupted(_ arguments: [String], file: StaticString = #filePath, line: UInt = #line) throws {
        let running = try CLIRunner.start(arguments)
        Thread.sleep(forTimeInterval: 0.8)
        XCTAssertTrue(running.0.isRunning, "\(arguments[0]) still running", file: file, line: line)
        kill(running.0.processIdentifier, SIGINT)
        let result = CLIRunner.finish(running)
        XCTAssertEqual(result.status, 130, result.stderr, file: file, line: line)
        XCTAssertEqual(result.stderr, "mixdown: interrupted: no output written\n", file: file, line: line)
    }

    private var full: FileHandle { FileHandle(forWritingAtPath: "/dev/full")! }

    func testMix() throws {
        let out = folder.file("out.wav")
        try expect(64, ["mix", "--music", music, "--music-volume", "loud", "-o", out], mentions: "loud")
        try expect(65, ["mix", "--music", notMedia, "-o", out], mentions: notMedia)
        try expect(65, ["mix", badProject, "-o", out], mentions: "music[0].volume")
        try expect(66, ["mix", "--music", missing, "-o", out], mentions: missing)
        try expect(73, ["mix", "--music", music, "-o", folder.file("no-folder/out.wav")], mentions: "no-folder/out.wav")
        try expect(73, ["mix", "--music", music, "-o", folder.file("out.mp3")], mentions: "name the output .wav or .wave")
        try expect(73, ["mix", "--music", music, "-o", "/dev/null"], mentions: "/dev/null: cannot create output: it is a character device")
        try expect(74, ["mix", "--music", music, "-o", out], mentions: "File too large", fileSizeLimit: true)
        try expectInterrupted(["mix", "--music", music, "--loop-music", "--duration", "2:00:00", "-o", out])
        XCTAssertEqual(try folder.contents().filter { $0.hasSuffix(".wav") || $0.hasSuffix(".mp3") || $0.hasSuffix(".tmp") }, [])
    }

    func testExport() throws {
        let out = folder.file("out.m4a")
        try expect(64, ["export", "--music", music, "--audio-bitrate", "1k", "-o", out], mentions: "1k")
        try expect(64, ["export", offKeyframeProject, "-o", folder.file("out.mp4")], mentions: "--snap-keyframes")
        try expect(65, ["export", "--video", notMedia, "-o", out], mentions: notMedia)
        try expect(65, ["export", pastEndProject, "-o", folder.file("out.mp4")], mentions: "in-point 99s is not before the clip's end (6s)")
        try expect(66, ["export", "--music", missing, "-o", out], mentions: missing)
        try expect(73, ["export", "--music", music, "-o", folder.file("out.avi")], mentions: "out.avi")
        try expect(73, ["export", "--music", music, "-o", music], mentions: "one of the inputs")
        try expect(74, ["export", "--music", music, "-o", out], mentions: "out.m4a: write failed: File too large", fileSizeLimit: true)
        try expectInterrupted(["export", "--music", music, "--loop-music", "--duration", "2:00:00", "-o", out])
        XCTAssertEqual(try folder.contents().filter { $0.contains(".m4a") || $0.contains(".mp4") || $0.contains(".avi") }, [])
    }

    func testInit() throws {
        try expect(64, ["init", "--music", music, "--duck", "-1000"], mentions: "--duck")
        try expect(65, ["init", badProject], mentions: "music[0].volume")
        try expect(66, ["init", folder.file("none.json")], mentions: "none.json")
        try expect(73, ["init", "--music", music, "-o", folder.file("no-folder/p.json")], mentions: "no-folder/p.json")
        try expect(73, ["init", "--music", music, "-o", music], mentions: "one of the inputs")
        try expect(74, ["init", "--music", music], mentions: "standard output: write failed: No space left on device", stdout: full)
    }

    func testValidate() throws {
        try expect(64, ["validate"], mentions: "project.json")
        try expect(64, ["validate", offKeyframeProject], mentions: "in-point 0.5s is not on a keyframe")
        try expect(65, ["validate", badProject], mentions: "music[0].volume")
        try expect(65, ["validate", pastEndProject], mentions: "in-point 99s is not before the clip's end (6s)")
        try expect(66, ["validate", folder.file("none.json")], mentions: "none.json")
        let result = try CLIRunner.run(["validate", missingMediaProject])
        XCTAssertEqual(result.status, 66, result.stderr)
        XCTAssertTrue(result.stderr.contains("music[0].path: \(folder.file("gone.mp3")): no such file"), result.stderr)
    }

    func testInspect() throws {
        try expect(64, ["inspect"], mentions: "nothing to mix")
        try expect(65, ["inspect", "--music", notMedia], mentions: notMedia)
        try expect(66, ["inspect", "--music", missing], mentions: missing)
        try expect(74, ["inspect", "--music", music, "--json"], mentions: "standard output: write failed", stdout: full)
        try expectInterrupted(["inspect", "--music", music, "--loop-music", "--duration", "2:00:00"])
    }

    func testAutomation() throws {
        try expect(64, ["automation", "--music", music, "--fade-in", "soon"], mentions: "soon")
        try expect(65, ["automation", "--music", notMedia], mentions: notMedia)
        try expect(66, ["automation", "--music", missing], mentions: missing)
        try expect(74, ["automation", "--music", music, "--json"], mentions: "standard output: write failed", stdout: full)
    }

    func testPlot() throws {
        let out = folder.file("out.svg")
        try expect(64, ["plot", "--music", music, "--width", "5", "-o", out], mentions: "--width 5")
        try expect(65, ["plot", "--music", notMedia, "-o", out], mentions: notMedia)
        try expect(66, ["plot", "--music", missing, "-o", out], mentions: missing)
        try expect(73, ["plot", "--music", music, "-o", folder.file("out.png")], mentions: "name the output .svg")
        try expect(74, ["plot", "--music", music, "-o", out], mentions: "out.svg: write failed: File too large", fileSizeLimit: true)
        try expect(74, ["plot", "--music", music, "-o", "-"], mentions: "standard output: write failed", stdout: full)
        XCTAssertEqual(try folder.contents().filter { $0.contains(".svg") || $0.contains(".png") }, [])
    }

    func testProbe() throws {
        try expect(64, ["probe"], mentions: "<file>")
        try expect(65, ["probe", notMedia], mentions: notMedia)
        try expect(66, ["probe", missing], mentions: missing)
        try expect(74, ["probe", music], mentions: "standard output: write failed", stdout: full)
    }
}
