import Foundation
import MixdownTestSupport
import XCTest

/// Every user mistake ends in one line naming the problem, with the documented exit code.
final class CLIErrorTests: XCTestCase {
    func assertFails(_ arguments: [String], status: Int32, mentions words: [String],
                     file: StaticString = #filePath, line: UInt = #line) throws {
        let result = try CLIRunner.run(arguments)
        XCTAssertEqual(result.status, status, result.stderr, file: file, line: line)
        let lines = result.stderr.split(separator: "\n").filter { !$0.hasPrefix("Usage:") && !$0.hasPrefix("  See") && !$0.isEmpty }
        XCTAssertEqual(lines.count, 1, "one line expected: \(result.stderr)", file: file, line: line)
        for word in words {
            XCTAssertTrue(result.stderr.contains(word), "'\(word)' missing from: \(result.stderr)", file: file, line: line)
        }
        XCTAssertFalse(result.stderr.contains("Fatal error"), file: file, line: line)
    }

    func testMissingInput() throws {
        let dir = try temporaryFolderURL()
        defer { try? FileManager.default.removeItem(at: dir) }
        try assertFails(["mix", "--music", "/nonexistent/bed.mp3", "-o", dir.appendingPathComponent("o.wav").path],
                        status: 66, mentions: ["/nonexistent/bed.mp3", "No such file"])
        try assertFails(["probe", "/nonexistent/clip.mp4"], status: 66, mentions: ["/nonexistent/clip.mp4"])
        XCTAssertEqual(contents(of: dir), [])
    }

    func testNotMediaAndTruncated() throws {
        let dir = try temporaryFolderURL()
        defer { try? FileManager.default.removeItem(at: dir) }
        try assertFails(["probe", Fixture.path("not-media.mp4")], status: 65, mentions: ["not-media.mp4", "not readable media"])
        try assertFails(["mix", "--video", Fixture.path("truncated.mp4"), "-o", dir.appendingPathComponent("o.wav").path],
                        status: 65, mentions: ["truncated.mp4", "truncated"])
        XCTAssertEqual(contents(of: dir), [])
    }

    func testBadValuesAreUsageErrors() throws {
        try assertFails(["mix", "--voiceover", "\(Fixture.path("vo-short.wav"))@1:75", "-o", "/tmp/x.wav"],
                        status: 64, mentions: ["1:75", "below 60"])
        try assertFails(["mix", "--voiceover", Fixture.path("vo-short.wav"), "-o", "/tmp/x.wav"],
                        status: 64, mentions: ["needs a time"])
        try assertFails(["mix", "--music", Fixture.path("music.mp3"), "--music-volume", "loud", "-o", "/tmp/x.wav"],
                        status: 64, mentions: ["loud", "gain"])
        try assertFails(["mix", "--music", Fixture.path("music.mp3"), "--music-volume", "30dB", "-o", "/tmp/x.wav"],
                        status: 64, mentions: ["+24 dB"])
        try assertFails(["mix", "--music", Fixture.path("music.mp3"), "--range", "20-10", "-o", "/tmp/x.wav"],
                        status: 64, mentions: ["20-10", "after start"])
        try assertFails(["mix", "--music", Fixture.path("music.mp3"), "--duck-mode", "loudness", "--duck-below", "50", "-o", "/tmp/x.wav"],
                        status: 64, mentions: ["--duck-below", "'50'", "from 0 to 40"])
        try assertFails(["mix", "-o", "/tmp/x.wav"], status: 64, mentions: ["nothing to mix"])
        try assertFails(["mix", "--music", Fixture.path("music.mp3"), "--fromat", "s16", "-o", "/tmp/x.wav"],
                        status: 64, mentions: ["--fromat"])
    }

    func testOutputProblems() throws {
        try assertFails(["mix", "--music", Fixture.path("music.mp3"), "-o", "/nonexistent-folder/o.wav"],
                        status: 73, mentions: ["/nonexistent-folder/o.wav", "does not exist"])
        // Refused before anything is opened for writing: the input is never touched.
        try assertFails(["mix", "--music", Fixture.path("music.mp3"), "-o", Fixture.path("music.mp3")],
                        status: 73, mentions: ["music.mp3", "one of the inputs"])
    }
}
