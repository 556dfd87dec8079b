import Foundation
import MixdownTestSupport
import XCTest

/// `mixdown mix` end to end: output, summary, and nothing lost on interruption.
final class CLIMixTests: XCTestCase {
    func testMixRendersDemoAndSummarises() throws {
        let dir = try temporaryFolderURL()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("demo.wav").path
        let result = try CLIRunner.run([
            "mix", "--video", Fixture.path("clip-a.mp4"), "--video", Fixture.path("clip-c.mp4"),
            "--voiceover", "\(Fixture.path("vo-short.wav"))@1.5", "--music", Fixture.path("music.mp3"),
            "--clip-volume", "0.5", "--music-volume", "-2dB", "--format", "s16", "-o", out,
        ])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("10.000 s"), result.stderr)
        XCTAssertTrue(result.stderr.contains("clipped samples"), result.stderr)
        XCTAssertEqual(contents(of: dir), ["demo.wav"])
        let attributes = try FileManager.default.attributesOfItem(atPath: out)
        // 10 s of 16-bit stereo at 48 kHz plus a small header.
        let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
        XCTAssertEqual(size - 480_000 * 4, 44, accuracy: 100)
    }

    func testInterruptLeavesNoFileAndKeepsExistingOutput() throws {
        let dir = try temporaryFolderURL()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("long.wav")
        try Data("precious".utf8).write(to: out)
        let running = try CLIRunner.start([
            "mix", "--music", Fixture.path("music.mp3"), "--duration", "2:00:00", "--format", "f32", "-o", out.path,
        ])
        // Once it writes (its temporary file is there; a loaded machine starts slowly), Ctrl-C.
        let deadline = Date().addingTimeInterval(20)
        while contents(of: dir).count < 2 && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        Thread.sleep(forTimeInterval: 0.2)
        XCTAssertTrue(running.0.isRunning, "the 2-hour render should still be running")
        kill(running.0.processIdentifier, SIGINT)
        let started = Date()
        let result = CLIRunner.finish(running)
        XCTAssertLessThan(Date().timeIntervalSince(started), 1.5, "stops within a second")
        XCTAssertEqual(result.status, 130, result.stderr)
        XCTAssertTrue(result.stderr.contains("interrupted"), result.stderr)
        XCTAssertEqual(contents(of: dir), ["long.wav"])
        XCTAssertEqual(try String(contentsOf: out, encoding: .utf8), "precious")
    }

    /// A render of 20 s or more is cut into stretches, one per thread; the file is
    /// the same whatever the number of threads.
    func testThreadsGiveTheSameFile() throws {
        let dir = try temporaryFolderURL()
        defer { try? FileManager.default.removeItem(at: dir) }
        var files: [Data] = []
        for threads in ["1", "2", "3"] {
            let out = dir.appendingPathComponent("t\(threads).wav").path
            let result = try CLIRunner.run([
                "mix", "--music", Fixture.path("music.mp3"), "--loop-music", "--duration", "25",
                "--voiceover", "\(Fixture.path("vo-pauses.wav"))@9.7", "--format", "s16", "--threads", threads, "-o", out,
            ])
            XCTAssertEqual(result.status, 0, result.stderr)
            files.append(try Data(contentsOf: URL(fileURLWithPath: out)))
        }
        XCTAssertEqual(files[0].count, 25 * 48_000 * 4 + 44)
        XCTAssertTrue(files[0] == files[1] && files[1] == files[2])

        let refused = try CLIRunner.run(["mix", "--music", Fixture.path("music.mp3"), "--threads", "0", "-o", dir.appendingPathComponent("x.wav").path])
        XCTAssertEqual(refused.status, 64)
        XCTAssertTrue(refused.stderr.contains("'--threads <n>': expected a number of threads from 1 to 256"), refused.stderr)
    }

    /// `--threads N` keeps at most N threads in the process: a short render's tracks
    /// share the other N - 1 threads, a long one's stretches take one each.
    func testThreadsBoundTheThreadsOfTheProcess() throws {
        let dir = try temporaryFolderURL()
        defer { try? FileManager.default.removeItem(at: dir) }
        // Four tracks on a 6 s clip (one stretch), or two on a 60 s timeline (stretches).
        let short = ["--video", Fixture.path("clip-a.mp4")]
        let long = ["--duration", "60"]
        for (threads, timeline) in [(1, short), (2, short), (3, short), (2, long), (3, long)] {
            let running = try CLIRunner.start(["mix"] + timeline + [
                "--music", Fixture.path("music.mp3"), "--loop-music", "--voiceover", "\(Fixture.path("vo-short.wav"))@1",
                "--threads", "\(threads)", "-o", dir.appendingPathComponent("t.wav").path,
            ])
            var most = 0
            while running.0.isRunning {
                let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(running.0.processIdentifier)/task"))?.count ?? 0
                most = max(most, tasks)
                usleep(2_000)
            }
            let result = CLIRunner.finish(running)
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertGreaterThan(most, 0, "the process was seen")
            XCTAssertLessThanOrEqual(most, threads, "--threads \(threads) \(timeline): \(most) threads")
        }
    }
}
