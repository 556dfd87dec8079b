import Foundation
import MixdownTestSupport
import XCTest

/// Faults around a run (issue 12): signals, closed pipes, the file size limit,
/// outputs that are not files, hostile text. Nothing is left behind, nothing is
/// replaced, every message is one line the terminal shows as text.
final class CLIFaultTests: XCTestCase {
    private let longMix = ["mix", "--music", Fixture.path("music.mp3"), "--loop-music", "--duration", "2:00:00", "--format", "f32"]

    /// Starts `arguments` and waits until the hidden temporary output beside
    /// `out` exists: the render is writing and polls for signals.
    private func startWriting(_ arguments: [String], to out: String) throws -> (Process, Pipe, Pipe) {
        let running = try CLIRunner.start(arguments + ["-o", out])
        let deadline = Date().addingTimeInterval(30)
        while (try temporaryFiles(beside: out)).isEmpty {
            guard running.0.isRunning, Date() < deadline else {
                XCTFail("no temporary output appeared: \(CLIRunner.finish(running).stderr)")
                throw CocoaError(.fileNoSuchFile)
            }
            usleep(10_000)
        }
        return running
    }

    /// Ctrl-C, SIGTERM, SIGHUP (the terminal closed) and SIGQUIT, once (the job
    /// stops at its next block) or twice in a row (the handler ends the process
    /// at once): each exits 128 + the signal with the temporary file removed and
    /// the existing output untouched. The second Ctrl-C left 670 MB; SIGHUP had no handler.
    func testEveryStopSignalOnceOrTwiceLeavesNothing() throws {
        let folder = try TemporaryFolder()
        let out = folder.file("long.wav")
        try Data("precious".utf8).write(to: URL(fileURLWithPath: out))
        for signal in [SIGINT, SIGTERM, SIGHUP, SIGQUIT] {
            for times in [1, 2] {
                let running = try startWriting(longMix, to: out)
                // Apart enough not to merge into one pending signal, close enough that the
                // job is still stopping when the second arrives.
                for time in 0..<times {
                    if time > 0 { usleep(200) }
                    kill(running.0.processIdentifier, signal)
                }
                let result = CLIRunner.finish(running)
                XCTAssertEqual(result.status, 128 + signal, "signal \(signal) ×\(times): \(result.stderr)")
                XCTAssertEqual(running.0.terminationReason, .exit, "signal \(signal) ×\(times) was handled")
                XCTAssertEqual(result.stderr, "mixdown: interrupted: no output written\n", "signal \(signal) ×\(times)")
                XCTAssertEqual(try folder.contents(), ["long.wav"], "signal \(signal) ×\(times)")
                XCTAssertEqual(try String(contentsOfFile: out, encoding: .utf8), "precious")
            }
        }
    }

    /// A command that never polls (inspect scans two hours of levels) is ended
    /// by the handler itself.
    func testASignalBeforeAnyOutputEndsAtOnce() throws {
        let running = try CLIRunner.start(["inspect", "--music", Fixture.path("music.mp3"), "--loop-music", "--duration", "2:00:00"])
        Thread.sleep(forTimeInterval: 0.5)
        XCTAssertTrue(running.0.isRunning)
        kill(running.0.processIdentifier, SIGHUP)
        let result = CLIRunner.finish(running)
        XCTAssertEqual(result.status, 129, result.stderr)
        XCTAssertEqual(result.stdout, "")
    }

    /// SIGKILL cannot be handled: the run leaves `.NAME.mixdown-PID-N.tmp`, and
    /// the next run to the same output removes it (its process is gone).
    func testAKilledRunsLeftoverIsRemovedByTheNextRun() throws {
        let folder = try TemporaryFolder()
        let out = folder.file("long.wav")
        let running = try startWriting(longMix, to: out)
        let pid = running.0.processIdentifier
        kill(pid, SIGKILL)
        _ = CLIRunner.finish(running)
        XCTAssertEqual(running.0.terminationReason, .uncaughtSignal)
        let leftover = try temporaryFiles(beside: out)
        XCTAssertEqual(leftover.count, 1)
        XCTAssertTrue(leftover[0].hasPrefix(".long.wav.mixdown-\(pid)-") && leftover[0].hasSuffix(".tmp"), "\(leftover)")

        let again = try CLIRunner.run(["mix", "--music", Fixture.path("vo-short.wav"), "--quiet", "-o", out])
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertEqual(try folder.contents(), ["long.wav"], "the leftover is gone, the new output is in place")
    }

    /// An export whose stderr reader went away (`2>&1 | head`) died of SIGPIPE
    /// and left its temporary file; now the lost messages are dropped and the
    /// output is written.
    func testAClosedStderrDoesNotStopARender() throws {
        let folder = try TemporaryFolder()
        let out = folder.file("piped.m4a")
        let process = Process()
        process.executableURL = mixdownExecutable
        process.arguments = ["export", "--music", Fixture.path("music.mp3"), "--loop-music", "--duration", "30",
                             "--progress", "json", "-o", out]
        let err = Pipe()
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        try err.fileHandleForReading.close()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationReason, .exit)
        XCTAssertEqual(process.terminationStatus, 0)
        XCTAssertEqual(try folder.contents(), ["piped.m4a"])
        XCTAssertEqual(try Tool.streams(out).first?["codec_name"] as? String, "aac")
    }

    /// Data on stdout that cannot be written (a closed pipe, a full disk) is an
    /// I/O error, not a silent exit 0 (nor a crash).
    func testStdoutThatCannotBeWrittenIsAnIOError() throws {
        let process = Process()
        process.executableURL = mixdownExecutable
        process.arguments = ["probe", "--json", Fixture.path("clip-a.mp4")]
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try out.fileHandleForReading.close()
        try process.run()
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationReason, .exit, stderr)
        XCTAssertEqual(process.terminationStatus, 74, stderr)
        XCTAssertEqual(stderr, "mixdown: standard output: write failed: Broken pipe\n")
    }

    /// Past the file size limit (`ulimit -f`) a write fails with EFBIG instead of
    /// SIGXFSZ killing the process: exit 74, no temporary file.
    func testTheFileSizeLimitIsAnIOErrorThatLeavesNothing() throws {
        let folder = try TemporaryFolder()
        let result = try runWithFileSizeLimit(["mix", "--music", Fixture.path("music.mp3"), "-o", folder.file("big.wav")])
        XCTAssertEqual(result.status, 74, result.stderr)
        XCTAssertTrue(result.stderr.hasPrefix("mixdown: \(folder.file("big.wav")): write failed: File too large"), result.stderr)
        XCTAssertEqual(try folder.contents(), [])
    }

    /// `-o` onto something that is not a regular file is refused and the thing kept
    /// (`-o /dev/null` as root replaced /dev/null with a file); so is a link to an input.
    func testOutputsThatAreNotRegularFilesAreRefused() throws {
        let folder = try TemporaryFolder()
        let fifo = folder.file("fifo.wav")
        XCTAssertEqual(mkfifo(fifo, 0o644), 0)
        try FileManager.default.createDirectory(atPath: folder.file("folder.wav"), withIntermediateDirectories: false)
        let input = folder.file("take.wav")
        try FileManager.default.copyItem(atPath: Fixture.path("vo-short.wav"), toPath: input)
        try FileManager.default.createSymbolicLink(atPath: folder.file("link.wav"), withDestinationPath: input)
        let cases = [("/dev/null", "it is a character device"), (fifo, "it is a FIFO"),
                     (folder.file("folder.wav"), "a folder of that name exists"),
                     (folder.file("link.wav"), "it is one of the inputs (\(input))")]
        for (path, reason) in cases {
            let result = try CLIRunner.run(["mix", "--music", input, "-o", path])
            XCTAssertEqual(result.status, 73, result.stderr)
            XCTAssertTrue(result.stderr.hasPrefix("mixdown: \(path): cannot create output: \(reason)"), result.stderr)
        }
        var info = stat()
        XCTAssertEqual(stat("/dev/null", &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFCHR)
        XCTAssertEqual(stat(fifo, &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFIFO)
        XCTAssertEqual(try folder.contents(), ["fifo.wav", "folder.wav", "link.wav", "take.wav"])
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: input)), try Data(contentsOf: URL(fileURLWithPath: Fixture.path("vo-short.wav"))))
    }

    /// A file name or a value with a newline or an escape sequence, or of 100 KB,
    /// reaches stderr escaped and cut: one short line.
    func testHostileTextIsEscapedAndCut() throws {
        let folder = try TemporaryFolder()
        let hostile = folder.file("x\u{1B}[2J\u{1B}]0;owned\u{07}\nmore.wav")
        let huge = String(repeating: "9", count: 100_000)
        let cases: [([String], Int32, String)] = [
            (["mix", "--music", hostile, "-o", folder.file("o.wav")], 66, #"x\u001b[2J\u001b]0;owned\u0007\u000amore.wav: cannot open"#),
            (["mix", "--music", Fixture.path("music.mp3"), "--music-volume", "\u{1B}[31m-6dB", "-o", folder.file("o.wav")], 64,
             #"The value '\u001b[31m-6dB' is invalid for '--music-volume <gain>'"#),
            (["mix", "--music", Fixture.path("music.mp3"), "--duration", huge, "-o", folder.file("o.wav")], 64, "'--duration <time>'"),
            (["mix", "--music", "/nonexistent\n/" + String(repeating: "a/", count: 1_500) + "x.wav", "-o", folder.file("o.wav")], 66,
             #"/nonexistent\u000a/a/a/"#),
            (["mix", "--music", Fixture.path("music.mp3"), "--frobnicate\u{1B}[5m", "-o", folder.file("o.wav")], 64,
             #"--frobnicate\u001b[5m"#),
        ]
        for (arguments, status, expected) in cases {
            let result = try CLIRunner.run(arguments)
            XCTAssertEqual(result.status, status, result.stderr)
            XCTAssertTrue(result.stderr.contains(expected), "\(expected) not in \(result.stderr.prefix(500))")
            XCTAssertEqual(result.stderr.filter { $0 == "\n" }.count, 1, "one line: \(result.stderr.prefix(500))")
            XCTAssertFalse(result.stderr.dropLast().unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }, result.stderr)
            XCTAssertLessThan(result.stderr.count, 1_000, "a short line, whatever the value's length")
        }
        // A project file's values: the reader quotes them, the media check shows the path escaped.
        let project = folder.file("p.json")
        let path = "/tmp/\u{1B}[31m" + String(repeating: "d", count: 1_000_000) + ".wav"
        let json = try JSONSerialization.data(withJSONObject: ["version": 1, "music": [["path": path]]])
        try json.write(to: URL(fileURLWithPath: project))
        let result = try CLIRunner.run(["validate", project])
        XCTAssertEqual(result.status, 66, String(result.stderr.prefix(500)))
        XCTAssertLessThan(result.stderr.count, 1_000)
        XCTAssertTrue(result.stderr.contains(#"/tmp/\u001b[31mddd"#), String(result.stderr.prefix(500)))
        XCTAssertFalse(result.stderr.unicodeScalars.contains { $0.value == 0x1B })
    }

    /// The quantity grammar (MixdownUnits) through the command line, as the README
    /// writes it: `-6 dB` is a gain, `0x1` and `15.85` are not (15.8489 is the
    /// bound the message states), and `--duck -1000` is refused as a project file
    /// refuses it.
    func testQuantitiesReadTheSameAsInProjectFiles() throws {
        let accepted = try CLIRunner.run(["init", "--music", Fixture.path("music.mp3"), "--music-volume", "-6 dB", "--duck", "-12dB"])
        XCTAssertEqual(accepted.status, 0, accepted.stderr)
        XCTAssertTrue(accepted.stdout.contains("\"musicVolume\""), accepted.stdout)
        for (flag, value, mention) in [("--music-volume", "0x1", "0x1"), ("--music-volume", "15.85", "15.8489"),
                                       ("--duck", "-1000", "-120"), ("--clip-volume", "-6  dB", "-6  dB")] {
            let result = try CLIRunner.run(["init", "--music", Fixture.path("music.mp3"), flag, value])
            XCTAssertEqual(result.status, 64, "\(flag) \(value): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains(flag) && result.stderr.contains(mention), "\(flag) \(value): \(result.stderr)")
        }
    }

    /// `--voiceover vo.wav@99999999999:00` said only "time arithmetic overflow:
    /// 287999999997120000/48000 + …"; now it names the item, in seconds.
    func testATimeTooFarNamesTheItem() throws {
        let folder = try TemporaryFolder()
        let result = try CLIRunner.run(["mix", "--voiceover", "\(Fixture.path("vo-short.wav"))@99999999999:00", "-o", folder.file("o.wav")])
        XCTAssertEqual(result.status, 65, result.stderr)
        XCTAssertTrue(result.stderr.hasPrefix("mixdown: voiceovers[0].start: \(Fixture.path("vo-short.wav")) at 5999999999940s is too late"),
                      result.stderr)
        XCTAssertFalse(result.stderr.contains("/48000"), result.stderr)
    }

    /// `inspect --json` on a mix of digital silence failed with exit 1
    /// (`EncodingError.invalidValue: -inf`): its peak is null, and `silent` says why.
    func testInspectOfSilenceIsValidJSON() throws {
        let result = try CLIRunner.run(["inspect", "--json", "--music", Fixture.path("vo-short.wav"), "--music-volume", "0"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        XCTAssertTrue(json["peakDBFS"] is NSNull, "\(json["peakDBFS"] ?? "absent")")
        XCTAssertNil(json["peakTime"])
        XCTAssertEqual(json["silent"] as? Bool, true)
        let text = try CLIRunner.run(["inspect", "--music", Fixture.path("vo-short.wav"), "--music-volume", "0"])
        XCTAssertTrue(text.stdout.contains("peak: none, the mix is digital silence"), text.stdout)
        // A mix with sound has a number and no `silent`.
        let loud = try CLIRunner.run(["inspect", "--json", "--music", Fixture.path("vo-short.wav")])
        let levels = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(loud.stdout.utf8)) as? [String: Any])
        XCTAssertNotNil(levels["peakDBFS"] as? Double)
        XCTAssertNil(levels["silent"])
    }
}

/// Runs the CLI under a file size limit of a few kilobytes (`ulimit -f 16`),
/// without the conform cache, whose entries would meet the limit first
/// (CLICacheTests covers that).
func runWithFileSizeLimit(_ arguments: [String], stdout: FileHandle? = nil) throws -> CLIRunner.Result {
    var arguments = arguments
    if let command = arguments.first, ["mix", "export", "loudness", "inspect"].contains(command) { arguments.insert("--no-cache", at: 1) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", "ulimit -f 16 && exec \"$0\" \"$@\"", mixdownExecutable.path] + arguments
    let out = Pipe(), err = Pipe()
    process.standardOutput = stdout ?? out
    process.standardError = err
    try process.run()
    let stderr = err.fileHandleForReading.readDataToEndOfFile()
    let stdoutData = stdout == nil ? out.fileHandleForReading.readDataToEndOfFile() : Data()
    process.waitUntilExit()
    return CLIRunner.Result(status: process.terminationStatus, stdout: String(decoding: stdoutData, as: UTF8.self),
                            stderr: String(decoding: stderr, as: UTF8.self))
}
