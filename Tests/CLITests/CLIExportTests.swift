import Foundation
import MixdownTestSupport
import XCTest

/// `mixdown export` from the command line: outputs, refusals and interruption.
final class CLIExportTests: XCTestCase {
    func testExportWritesMP4AndSummarises() throws {
        let dir = try temporaryFolderURL()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("final.mp4").path
        let result = try CLIRunner.run([
            "export", "--video", Fixture.path("clip-a.mp4"), "--video", Fixture.path("clip-c.mp4"),
            "--music", Fixture.path("music.mp3"), "--fade-in", "2", "--duck", "-12dB", "--progress", "json", "-o", out,
        ])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("\"progress\":1.0000"), result.stderr)
        XCTAssertTrue(result.stderr.contains("wrote \(out): 10.000 s"), result.stderr)
        XCTAssertEqual(contents(of: dir), ["final.mp4"])
    }

    func testRefusalsNameTheProblemAndLeaveNoFile() throws {
        let dir = try temporaryFolderURL()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("final.mp4").path
        let cases: [([String], Int32, String)] = [
            (["--video", Fixture.path("truncated.mp4")], 65, "truncated"),
            (["--video", Fixture.path("clip-a.mp4"), "--video", "/nonexistent/b.mp4"], 66, "/nonexistent/b.mp4"),
            (["--music", Fixture.path("music.mp3")], 73, "unknown extension"),
        ]
        for (inputs, status, message) in cases {
            let target = status == 73 ? dir.appendingPathComponent("final.avi").path : out
            let result = try CLIRunner.run(["export"] + inputs + ["-o", target])
            XCTAssertEqual(result.status, status, result.stderr)
            XCTAssertTrue(result.stderr.contains(message), result.stderr)
            XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, result.stderr)
            XCTAssertEqual(contents(of: dir), [], "left a file after: \(result.stderr)")
        }
    }

    func testInterruptedExportKeepsExistingOutput() throws {
        let dir = try temporaryFolderURL()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("long.m4a")
        try Data("precious".utf8).write(to: out)
        let running = try CLIRunner.start(["export", "--music", Fixture.path("music.mp3"), "--duration", "2:00:00", "-o", out.path])
        Thread.sleep(forTimeInterval: 0.7)
        XCTAssertTrue(running.0.isRunning)
        kill(running.0.processIdentifier, SIGINT)
        let started = Date()
        let result = CLIRunner.finish(running)
        XCTAssertLessThan(Date().timeIntervalSince(started), 1.5, "stops within a second")
        XCTAssertEqual(result.status, 130, result.stderr)
        XCTAssertEqual(contents(of: dir), ["long.m4a"])
        XCTAssertEqual(try String(contentsOf: out, encoding: .utf8), "precious")
    }
}
