import Foundation
import MixdownTestSupport
import XCTest

/// `--watermark`, `--title`, `--captions`, `--burn-captions` and `--captions-track`:
/// how they are read (seen through the project `init` writes), how they merge
/// with a project file, and how bad values are refused.
final class CLIOverlayFlagTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = try temporaryFolderURL()
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    /// The project `init` writes for `arguments`, as JSON.
    private func initProject(_ arguments: [String], file: StaticString = #filePath, line: UInt = #line) throws -> [String: Any] {
        let result = try CLIRunner.run(["init"] + arguments)
        XCTAssertEqual(result.status, 0, result.stderr, file: file, line: line)
        return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], file: file, line: line)
    }

    private func write(_ name: String, _ text: String) throws -> String {
        let path = folder.appendingPathComponent(name).path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    func testTitlesSplitAtTheLastAt() throws {
        let project = try initProject(["--video", "a.mp4", "--title", "Mail me@home@1.5-0:03.25", "--title", "Ünïcødé 🎬@0:10-12"])
        let overlays = try XCTUnwrap(project["overlays"] as? [[String: Any]])
        XCTAssertEqual(overlays.count, 2)
        XCTAssertEqual(overlays[0]["text"] as? String, "Mail me@home")
        XCTAssertEqual(overlays[0]["start"] as? Double, 1.5)
        XCTAssertEqual(overlays[0]["end"] as? Double, 3.25)
        // Centred, the default place, so not written.
        XCTAssertNil(overlays[0]["position"])
        // The title style, written as what differs from a plain text's: bold 56 px at 720 lines over a soft shadow.
        let style = try XCTUnwrap(overlays[0]["style"] as? [String: Any])
        XCTAssertEqual(style["weight"] as? Int, 700)
        XCTAssertEqual(style["size"] as? Int, 56)
        XCTAssertEqual(style["designHeight"] as? Int, 720)
        XCTAssertEqual(style["shadow"] as? NSDictionary, ["colour": "#00000099", "blur": 6] as NSDictionary)
        XCTAssertEqual(overlays[1]["text"] as? String, "Ünïcødé 🎬")
        XCTAssertEqual(overlays[1]["start"] as? Int, 10)
        XCTAssertEqual(overlays[1]["end"] as? Int, 12)
    }

    func testWatermarkDefaultsAndItsPositionAndOpacity() throws {
        let plain = try initProject(["--video", "a.mp4", "--watermark", "logo@2x.png"])
        // Top-right is not the overlay default (centre), so it is written; natural size, opaque, the whole timeline.
        XCTAssertEqual(plain["overlays"] as? [[String: String]], [["image": "logo@2x.png", "position": "top-right"]])
        let placed = try initProject(["--video", "a.mp4", "--watermark", "logo.png", "--watermark-position", "bottom-left",
                                      "--watermark-opacity", "0.25"])
        let overlay = try XCTUnwrap((placed["overlays"] as? [[String: Any]])?.first)
        XCTAssertEqual(overlay["position"] as? String, "bottom-left")
        XCTAssertEqual(overlay["opacity"] as? Double, 0.25)
        XCTAssertNil(overlay["end"])
        XCTAssertNil(overlay["width"])
    }

    func testCaptionsWithAndWithoutALanguage() throws {
        let project = try initProject(["--video", "a.mp4", "--captions", "en.srt", "--captions", "sub@v2/de.vtt@deu"])
        // No language: und, the default, so not written; a path holding '@' keeps it when a language follows.
        XCTAssertEqual(project["captions"] as? [[String: String]], [["file": "en.srt"], ["file": "sub@v2/de.vtt", "language": "deu"]])
    }

    func testBurnCaptionsBurnsTheFirstFileOnly() throws {
        let burned = try initProject(["--video", "a.mp4", "--captions", "en.srt@eng", "--captions", "de.srt@deu", "--burn-captions"])
        XCTAssertEqual(burned["captions"] as? NSArray,
                       [["file": "en.srt", "language": "eng", "burn": true, "track": false], ["file": "de.srt", "language": "deu"]] as NSArray)
        let both = try initProject(["--video", "a.mp4", "--captions", "en.srt@eng", "--burn-captions", "--captions-track"])
        XCTAssertEqual(both["captions"] as? NSArray, [["file": "en.srt", "language": "eng", "burn": true]] as NSArray)
    }

    func testFlagsMergeWithAProjectsOverlaysAndCaptions() throws {
        let project = try write("p.json", #"""
        {"version": 1, "clips": [{"path": "a.mp4"}], "overlays": [{"text": "From the file", "start": 1, "end": 2}],
         "captions": [{"file": "file.srt", "language": "fra"}]}
        """#)
        // Titles and the watermark are added after the file's overlays.
        let added = try initProject([project, "--title", "Flag@3-4", "--watermark", "logo.png"])
        let overlays = try XCTUnwrap(added["overlays"] as? [[String: Any]])
        XCTAssertEqual(overlays.compactMap { ($0["text"] ?? $0["image"]) as? String }, ["From the file", "Flag", "logo.png"])
        let fileCaptions = folder.appendingPathComponent("file.srt").path
        XCTAssertEqual((added["captions"] as? [[String: String]])?.first?["file"], fileCaptions)
        // --captions replaces the file's caption files; --burn-captions alone burns the file's first one.
        let replaced = try initProject([project, "--captions", "new.srt@eng"])
        XCTAssertEqual(replaced["captions"] as? [[String: String]], [["file": "new.srt", "language": "eng"]])
        let burned = try initProject([project, "--burn-captions"])
        XCTAssertEqual(burned["captions"] as? NSArray, [["file": fileCaptions, "language": "fra", "burn": true, "track": false]] as NSArray)
    }

    /// Each bad value: exit 64, one line naming the flag and the value.
    func testBadValuesAreUsageErrorsNamingTheFlagAndValue() throws {
        let cases: [(arguments: [String], flag: String, value: String, reason: String)] = [
            (["--watermark", "a.png", "--watermark-position", "middle"], "--watermark-position", "middle",
             "expected one of top-left, top, top-right, left, center, right, bottom-left, bottom, bottom-right"),
            (["--watermark", "a.png", "--watermark-opacity", "1.5"], "--watermark-opacity", "1.5", "expected an opacity from 0 (transparent) to 1"),
            (["--title", "Hello"], "--title", "Hello", "needs its times: expected TEXT@START-END"),
            (["--title", "Hello@5-2"], "--title", "Hello@5-2", "must be after start"),
            (["--title", "@1-2"], "--title", "@1-2", "no text before '@'"),
            (["--title", "Hello@soon"], "--title", "Hello@soon", "soon"),
            (["--captions", "en.srt@EN"], "--captions", "en.srt@EN", "expected an ISO 639-2 language code, three lowercase letters"),
            (["--captions", "@eng"], "--captions", "@eng", "no path before '@'"),
        ]
        // Every case on export; one on each other command that shares the flags (each run starts the binary: seconds).
        let runs = cases.map { ("export", $0) } + ["mix", "frame", "inspect", "plot"].map { ($0, cases[3]) }
        for (command, bad) in runs {
            let result = try CLIRunner.run([command, "--video", "a.mp4"] + bad.arguments)
            let label = "\(command) \(bad.arguments)"
            XCTAssertEqual(result.status, 64, "\(label): \(result.stderr)")
            XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, "\(label): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains(bad.flag) && result.stderr.contains("'\(bad.value)'"), "\(label): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains(bad.reason), "\(label): \(result.stderr)")
        }
    }

    func testFlagsThatNeedAnotherAreRefused() throws {
        let cases: [(arguments: [String], message: String)] = [
            (["--watermark-opacity", "0.5"], "--watermark-opacity is the --watermark image's: give --watermark too"),
            (["--watermark-position", "top"], "--watermark-position places the --watermark image: give --watermark too"),
            (["--captions", "a.srt", "--captions-track"], "--captions-track goes with --burn-captions"),
            (["--burn-captions"], "--burn-captions: there are no captions to burn"),
            (["--watermark", ""], "--watermark: empty path; expected an image file"),
        ]
        for bad in cases {
            let result = try CLIRunner.run(["export", "--video", "a.mp4", "-o", folder.appendingPathComponent("o.mp4").path] + bad.arguments)
            XCTAssertEqual(result.status, 64, "\(bad.arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains(bad.message), "\(bad.arguments): \(result.stderr)")
            XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, result.stderr)
        }
    }

    func testEveryPictureCommandTakesTheFlagsWithDefaultsInItsHelp() throws {
        for command in ["export", "frame", "inspect", "plot", "mix"] {
            let help = try CLIRunner.run([command, "--help"]).stdout.replacingOccurrences(of: "\n ", with: " ")
                .split(whereSeparator: \.isWhitespace).joined(separator: " ")
            for flag in ["--watermark <path>", "--watermark-position <anchor>", "--watermark-opacity <opacity>", "--title <text@start-end>",
                         "--captions <path[@lang]>", "--burn-captions", "--captions-track"] {
                XCTAssertTrue(help.contains(flag), "\(command) --help lacks \(flag)")
            }
            XCTAssertTrue(help.contains("(default: top-right)"), command)
            XCTAssertTrue(help.contains("0 (transparent) to 1 (opaque). (default: 1)"), command)
            XCTAssertTrue(help.contains("white DejaVu Sans bold 56 px at 720 lines, in proportion at others over a soft shadow"), command)
            XCTAssertTrue(help.contains("und when left out"), command)
        }
    }

    /// `mix` reads the flags and checks them, and its WAV is the same as without them.
    func testMixAcceptsOverlayFlagsAndIgnoresThePicture() throws {
        let plain = folder.appendingPathComponent("plain.wav").path, titled = folder.appendingPathComponent("titled.wav").path
        let clip = Fixture.path("clip-a.mp4")
        let captions = try write("en.srt", "1\n00:00:00,500 --> 00:00:01,500\nHello\n")
        XCTAssertEqual(try CLIRunner.run(["mix", "--video", clip, "--quiet", "-o", plain]).status, 0)
        let result = try CLIRunner.run(["mix", "--video", clip, "--title", "Hi@1-2", "--captions", captions + "@eng", "--quiet", "-o", titled])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: plain)), try Data(contentsOf: URL(fileURLWithPath: titled)))
    }

    func testValidateListsOverlaysAndCaptionFiles() throws {
        let png = folder.appendingPathComponent("logo.png").path
        let ffmpeg = Process()
        ffmpeg.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        ffmpeg.arguments = ["ffmpeg", "-v", "error", "-y", "-f", "lavfi", "-i", "color=c=red:s=64x32", "-frames:v", "1", png]
        try ffmpeg.run()
        ffmpeg.waitUntilExit()
        XCTAssertEqual(ffmpeg.terminationStatus, 0)
        _ = try write("en.srt", "1\n00:00:00,500 --> 00:00:01,500\nHello\n")
        let project = try write("p.json", #"""
        {"version": 1, "clips": [{"path": "\#(Fixture.path("clip-a.mp4"))"}],
         "overlays": [{"image": "logo.png", "position": "top-right"}, {"text": "Hi", "start": 1, "duration": 2},
                      {"box": {"colour": "#00000080"}, "width": 100, "height": 20}],
         "captions": [{"file": "en.srt", "language": "eng"}]}
        """#)
        let result = try CLIRunner.run(["validate", project])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue((result.stdout + result.stderr).contains("valid: clips 1, voice-over takes 0, music beds 0, overlays 3, caption files 1; timeline 6.000 s"),
                      result.stdout + result.stderr)
        // A missing overlay image or caption file is missing media, named by its JSON path (exit 66).
        try FileManager.default.removeItem(atPath: png)
        let missing = try CLIRunner.run(["validate", project])
        XCTAssertEqual(missing.status, 66, missing.stderr)
        XCTAssertTrue(missing.stderr.contains("overlays[0].image: \(png): no such file"), missing.stderr)
    }
}
