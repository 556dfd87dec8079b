import Foundation
import MixdownTestSupport
import XCTest

/// Issue 12's reading defects, end to end: inputs that are not files, audio
/// FFmpeg cannot decode, cover art given as video, media cut short.
final class CLIRealMediaTests: XCTestCase {
    /// Runs the CLI, failing (and killing it) if it has not ended after `seconds`.
    private func run(_ arguments: [String], within seconds: Double = 20) throws -> CLIRunner.Result {
        let running = try CLIRunner.start(arguments)
        let process = running.0
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning, Date() < deadline { usleep(20_000) }
        if process.isRunning {
            process.terminate()
            XCTFail("mixdown \(arguments.joined(separator: " ")) still runs after \(seconds) s")
        }
        return CLIRunner.finish(running)
    }

    /// A named pipe as media (or as the project) hangs nothing: one line, exit 66.
    func testNonSeekableInputsAreRefusedWithoutHanging() throws {
        let folder = try TemporaryFolder()
        let fifo = folder.file("fed.wav")
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let out = folder.file("out.wav")
        let vo = Fixture.path("vo-short.wav")
        for arguments in [["mix", "--music", fifo, "-o", out], ["mix", "--voiceover", "\(fifo)@1", "-o", out],
                          ["mix", "--video", fifo, "-o", out], ["export", "--video", fifo, "-o", folder.file("out.mp4")],
                          ["mix", "--music", "/dev/zero", "--voiceover", "\(vo)@0", "-o", out],
                          ["probe", fifo], ["mix", fifo, "-o", out]] {
            let result = try run(arguments)
            let label = arguments.joined(separator: " ")
            XCTAssertEqual(result.status, 66, "\(label): \(result.stderr)")
            XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, "\(label): one line")
            XCTAssertTrue(result.stderr.contains(arguments.contains("/dev/zero") ? "/dev/zero" : fifo), "\(label): names the input")
            XCTAssertFalse(FileManager.default.fileExists(atPath: out), label)
        }
        let media = try run(["mix", "--music", fifo, "-o", out])
        XCTAssertEqual(media.stderr, "mixdown: \(fifo): cannot open: a named pipe (FIFO) is not a media file Mixdown can read: media is read more than once, with seeks, so it must be a regular file\n")
    }

    /// 32-bit FLAC: one refusal (65), even where a duration made it render silence.
    func testAudioThisFFmpegCannotDecodeIsRefused() throws {
        let folder = try TemporaryFolder()
        for (name, container, why) in [("ax-bear-flac-32bit.mka", "Matroska/WebM", "every packet of it is rejected"),
                                       ("ax-bear_32bit.flac", "FLAC", "no packet of it can be read")] {
            let path = try Fixture.realMedia(name)
            for arguments in [["mix", "--music", path, "--duration", "2"], ["mix", "--voiceover", "\(path)@0", "--duration", "2"],
                              ["mix", "--music", path], ["inspect", "--music", path], ["probe", path]] {
                let result = try run(arguments + (arguments[0] == "mix" ? ["-o", folder.file("out.wav")] : []))
                XCTAssertEqual(result.status, 65, "\(arguments): \(result.stderr)")
                XCTAssertTrue(result.stderr.hasPrefix("mixdown: \(path): unsupported: flac audio with 32-bit samples in \(container) cannot be decoded by this FFmpeg (5.1"),
                              result.stderr)
                XCTAssertTrue(result.stderr.hasSuffix("): \(why)\n"), result.stderr)
                XCTAssertFalse(FileManager.default.fileExists(atPath: folder.file("out.wav")))
            }
        }
    }

    /// An MP3's or FLAC's cover art is one still picture, not a clip.
    func testCoverArtIsNotVideo() throws {
        let folder = try TemporaryFolder()
        for name in ["ax-bear-id3.mp3", "ax-bear_with_picture.flac"] {
            let path = try Fixture.realMedia(name)
            let result = try run(["mix", "--video", path, "-o", folder.file("out.wav")])
            XCTAssertEqual(result.status, 65, name)
            XCTAssertEqual(result.stderr, "mixdown: \(path): has no video stream\n")
        }
    }

    /// The report's case: valid, then cut to 30 % before `mix`: the Xing header
    /// still says 20 s. An error naming where its audio ends, not 14 s of silence.
    func testMP3CutBetweenValidateAndMix() throws {
        let folder = try TemporaryFolder()
        let bed = folder.file("bed.mp3")
        try FileManager.default.copyItem(atPath: Fixture.path("music.mp3"), toPath: bed)
        let project = folder.file("project.json")
        try Data(#"{"version": 1, "music": [{"path": "bed.mp3"}], "output": {"duration": 20}}"#.utf8).write(to: URL(fileURLWithPath: project))
        XCTAssertEqual(try run(["validate", project]).status, 0)
        let size = try XCTUnwrap(try FileManager.default.attributesOfItem(atPath: bed)[.size] as? Int)
        XCTAssertEqual(truncate(bed, off_t(size * 3 / 10)), 0)
        let result = try run(["mix", project, "-o", folder.file("out.wav")])
        XCTAssertEqual(result.status, 65, result.stderr)
        XCTAssertEqual(result.stderr, "mixdown: \(bed): not readable media: truncated: its audio ends at 5.983107s, though its header says it lasts 20.036s\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.file("out.wav")))
    }
}
