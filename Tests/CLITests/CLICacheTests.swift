import Foundation
import MixdownTestSupport
import XCTest

/// The conform cache through the CLI: the same file cold, warm and without it;
/// two renders at once; a changed input; a full disk; `mixdown cache`; bad sizes.
final class CLICacheTests: XCTestCase {
    /// A 44.1 kHz mono tone at `frequency`, `seconds` long, made by ffmpeg: a
    /// WAV, or an MP3 bed for a `.mp3` path.
    private func tone(_ path: String, frequency: Int, seconds: Double = 1) throws {
        _ = try Tool.run("ffmpeg", ["-nostdin", "-v", "error", "-y", "-f", "lavfi", "-i",
                                    "sine=frequency=\(frequency):sample_rate=44100:duration=\(seconds)",
                                    "-c:a", path.hasSuffix(".mp3") ? "libmp3lame" : "pcm_s16le", path])
    }

    /// A mix of a 2 s MP3 bed (made beside `voice`) and `voice`: both read more
    /// than a quarter, so both are conformed.
    private func mix(_ voice: String, cache: [String], to output: String) throws -> [String] {
        let bed = (voice as NSString).deletingLastPathComponent + "/bed.mp3"
        if !FileManager.default.fileExists(atPath: bed) { try tone(bed, frequency: 220, seconds: 2) }
        return ["mix", "--music", bed, "--voiceover", voice + "@0.25", "--duration", "1.5",
         "--duck", "-9", "--format", "f32", "--quiet"] + cache + ["-o", output]
    }

    private func data(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

    func testColdWarmAndNoCacheWriteTheSameFileAndTheCacheCommands() throws {
        let folder = try TemporaryFolder()
        let voice = folder.file("vo.wav"), dir = folder.file("cache")
        try tone(voice, frequency: 440)
        for (name, cache) in [("none", ["--no-cache"]), ("cold", ["--cache-dir", dir]), ("warm", ["--cache-dir", dir])] {
            let result = try CLIRunner.run(try mix(voice, cache: cache, to: folder.file(name + ".wav")))
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertEqual(result.stderr, "", name)
        }
        XCTAssertEqual(try data(folder.file("cold.wav")), try data(folder.file("none.wav")))
        XCTAssertEqual(try data(folder.file("warm.wav")), try data(folder.file("none.wav")))
        let list = try CLIRunner.run(["cache", "list", "--cache-dir", dir])
        XCTAssertEqual(list.status, 0, list.stderr)
        let lines = list.stdout.split(separator: "\n")
        XCTAssertEqual(lines.count, 2, list.stdout)
        XCTAssertEqual(Set(lines.map { String($0.split(separator: " ").last ?? "") }), [voice, folder.file("bed.mp3")])
        XCTAssertTrue(lines.contains { $0.contains("48000 Hz") && $0.contains("1.000 s") }, list.stdout)
        let size = try CLIRunner.run(["cache", "size", "--cache-dir", dir, "--cache-size", "500M"])
        let bytes = try FileManager.default.contentsOfDirectory(atPath: dir).reduce(0) {
            $0 + ((try FileManager.default.attributesOfItem(atPath: dir + "/" + $1)[.size] as? Int) ?? 0)
        }
        XCTAssertTrue(size.stdout.contains("(\(bytes) bytes) in 2 entries, cap 500M"), size.stdout)
        XCTAssertEqual(try CLIRunner.run(["cache", "clear", "--cache-dir", dir]).stdout, "removed 2 entries from \(dir)\n")
        XCTAssertEqual(try CLIRunner.run(["cache", "list", "--cache-dir", dir]).stdout, "no entries in \(dir)\n")
    }

    /// Two cold renders at once both finish with the right file, and the cache
    /// holds one entry per input; an input rewritten with the same size and time
    /// is then heard as it is now.
    func testTwoColdRendersAtOnceAndAChangedInput() throws {
        let folder = try TemporaryFolder()
        let voice = folder.file("vo.wav"), dir = folder.file("cache")
        try tone(voice, frequency: 440)
        XCTAssertEqual(try CLIRunner.run(try mix(voice, cache: ["--no-cache"], to: folder.file("none.wav"))).status, 0)
        let running = try ["a", "b"].map { try CLIRunner.start(try mix(voice, cache: ["--cache-dir", dir], to: folder.file("\($0).wav"))) }
        for result in running.map(CLIRunner.finish) { XCTAssertEqual(result.status, 0, result.stderr) }
        XCTAssertEqual(try data(folder.file("a.wav")), try data(folder.file("none.wav")))
        XCTAssertEqual(try data(folder.file("b.wav")), try data(folder.file("none.wav")))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir).count, 2, "one entry per input, no leftover")
        // The same size, inode and time to the nanosecond; another tone.
        try tone(folder.file("other.wav"), frequency: 880)
        _ = try Tool.run("cp", ["-p", voice, folder.file("time")])
        let handle = try XCTUnwrap(FileHandle(forWritingAtPath: voice))
        try handle.write(contentsOf: try data(folder.file("other.wav")))
        try handle.close()
        _ = try Tool.run("touch", ["-r", folder.file("time"), voice])
        XCTAssertEqual(try CLIRunner.run(try mix(voice, cache: ["--cache-dir", dir], to: folder.file("changed.wav"))).status, 0)
        XCTAssertEqual(try CLIRunner.run(try mix(voice, cache: ["--no-cache"], to: folder.file("expected.wav"))).status, 0)
        XCTAssertEqual(try data(folder.file("changed.wav")), try data(folder.file("expected.wav")))
        XCTAssertNotEqual(try data(folder.file("changed.wav")), try data(folder.file("none.wav")))
    }

    /// A cache that cannot take an entry (the file size limit, as a full disk)
    /// is one warning, and the render is the same.
    func testAFullDiskIsOneWarningAndTheSameFile() throws {
        let folder = try TemporaryFolder()
        let voice = folder.file("vo.wav")
        try tone(voice, frequency: 440, seconds: 0.04)
        // 0.04 s of s16 output fits the 8 KiB (16 blocks of 512 bytes); the take's float entry does not.
        let arguments = ["mix", "--voiceover", voice + "@0", "--duration", "0.04", "--format", "s16"]
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "ulimit -f 16 && exec \"$0\" \"$@\"", mixdownExecutable.path]
            + arguments + ["--cache-dir", folder.file("cache"), "-o", folder.file("full.wav")]
        let err = Pipe()
        process.standardError = err
        try process.run()
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, stderr)
        let warnings = stderr.split(separator: "\n").filter { $0.hasPrefix("mixdown: warning: cache:") }
        XCTAssertEqual(warnings.count, 1, stderr)
        XCTAssertTrue(warnings.first?.contains("cache: cannot store the conformed audio of 1 input in") == true, stderr)
        XCTAssertTrue(stderr.contains("File too large"), stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.file("cache")).filter { !$0.hasSuffix(".conform") }, [],
                       "no leftover")
        XCTAssertEqual(try CLIRunner.run(arguments + ["--no-cache", "-o", folder.file("none.wav")]).status, 0)
        XCTAssertEqual(try data(folder.file("full.wav")), try data(folder.file("none.wav")))
    }

    func testBadCacheSizesAreUsageErrors() throws {
        for value in ["10x", "512K"] {
            let result = try CLIRunner.run(["mix", "--music", Fixture.path("music.mp3"), "--cache-size", value, "-o", temporaryPath("x.wav")])
            XCTAssertEqual(result.status, 64, "\(value): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("expected a size from 1M to 1024T"), result.stderr)
            XCTAssertEqual(result.stderr.filter { $0 == "\n" }.count, 1, result.stderr)
        }
    }
}
