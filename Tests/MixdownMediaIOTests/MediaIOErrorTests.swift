import Foundation
import MixdownMediaIO
import MixdownTestSupport
import XCTest

/// Failures reach the caller as `MediaIOError`s that name the file; the CLI maps
/// each case to its exit code (CLITests check the codes).
final class MediaIOErrorTests: XCTestCase {
    func testMissingFileIsMissingInput() {
        let path = Fixture.path("no-such-file.mp4")
        do {
            _ = try MediaProbe.probe(path: path)
            XCTFail("probing a missing file succeeded")
        } catch {
            guard case let .missingInput(errorPath, reason) = error else {
                return XCTFail("expected .missingInput, got \(error)")
            }
            XCTAssertEqual(errorPath, path)
            XCTAssertFalse(reason.isEmpty)
            XCTAssertTrue(error.description.contains(path), error.description)
        }
    }

    /// A file name reaches the terminal escaped and cut (issue 12, item 17): a
    /// newline or an escape sequence in it must not act on the terminal, and a
    /// 10 MB path must not make a 10 MB message.
    func testPathsInMessagesAreEscapedAndCut() throws {
        let folder = try TemporaryFolder()
        let hostile = folder.file("take\n\u{1B}[2J\u{1B}]0;pwned\u{07}.wav")
        let error = caught(MediaIOError.self, try MediaProbe.probe(path: hostile))
        let message = try XCTUnwrap(error).description
        XCTAssertTrue(message.hasSuffix("cannot open: No such file or directory"), message)
        XCTAssertTrue(message.contains(#"take\u000a\u001b[2J\u001b]0;pwned\u0007.wav"#), message)
        XCTAssertFalse(message.unicodeScalars.contains { $0.value < 0x20 }, message)

        let huge = "/" + String(repeating: "x", count: 10_000_000) + "/clip.mp4"
        let long = try XCTUnwrap(caught(MediaIOError.self, try MediaProbe.probe(path: huge))).description
        XCTAssertLessThan(long.count, 300, "cut to a few hundred characters")
        XCTAssertTrue(long.contains("xxx/clip.mp4: "), long)
    }

    /// FFmpeg logs why a call failed; its code alone says little ("Invalid data
    /// found"). The line it logged during the failing call is added (issue 12, F8).
    func testFFmpegsOwnReasonIsInTheMessage() throws {
        let text = try XCTUnwrap(caught(MediaIOError.self, try MediaProbe.probe(path: Fixture.path("not-media.mp4"))))
        XCTAssertEqual(text, .unreadableMedia(path: Fixture.path("not-media.mp4"),
                                              reason: "Invalid data found when processing input (moov atom not found)"))
        let folder = try TemporaryFolder()
        let cut = folder.file("cut.mp4")
        try Data(try Data(contentsOf: URL(fileURLWithPath: Fixture.path("clip-a.mp4"))).prefix(3000)).write(to: URL(fileURLWithPath: cut))
        let header = try XCTUnwrap(caught(MediaIOError.self, try MediaProbe.probe(path: cut)))
        XCTAssertEqual(header, .unreadableMedia(path: cut, reason: "End of file (error reading header)"))
        // A failure FFmpeg logs nothing for gets no stale line from the failures before.
        let missing = try XCTUnwrap(caught(MediaIOError.self, try MediaProbe.probe(path: folder.file("none.mp4"))))
        XCTAssertEqual(missing, .missingInput(path: folder.file("none.mp4"), reason: "No such file or directory"))
    }

    func testDecoderOnMissingFileIsMissingInput() {
        let path = Fixture.path("no-such-file.wav")
        do {
            _ = try AudioDecoder(path: path, sampleRate: 48_000)
            XCTFail("opening a missing file succeeded")
        } catch {
            guard case .missingInput(path, _) = error else { return XCTFail("expected .missingInput, got \(error)") }
        }
    }

    func testTextFileIsUnreadableMedia() {
        let path = Fixture.path("not-media.mp4")
        do {
            _ = try MediaProbe.probe(path: path)
            XCTFail("probing a text file succeeded")
        } catch {
            guard case let .unreadableMedia(errorPath, reason) = error else {
                return XCTFail("expected .unreadableMedia, got \(error)")
            }
            XCTAssertEqual(errorPath, path)
            XCTAssertFalse(reason.isEmpty)
            XCTAssertTrue(error.description.hasPrefix(path), error.description)
        }
        do {
            _ = try AudioDecoder(path: path)
            XCTFail("decoding a text file succeeded")
        } catch {
            guard case .unreadableMedia(path, _) = error else { return XCTFail("expected .unreadableMedia, got \(error)") }
        }
    }

    func testFolderAndEmptyFile() throws {
        do {
            _ = try MediaProbe.probe(path: Fixture.mediaFolder)
            XCTFail("probing a folder succeeded")
        } catch {
            guard case .missingInput = error else { return XCTFail("expected .missingInput, got \(error)") }
        }
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("mixdown-io-empty-\(UUID().uuidString).mp4")
        XCTAssertTrue(FileManager.default.createFile(atPath: empty.path, contents: Data()))
        defer { try? FileManager.default.removeItem(at: empty) }
        do {
            _ = try MediaProbe.probe(path: empty.path)
            XCTFail("probing an empty file succeeded")
        } catch {
            guard case .unreadableMedia(empty.path, _) = error else { return XCTFail("expected .unreadableMedia, got \(error)") }
        }
    }

    func testAskingForAVideoStreamAsAudioIsNoStream() {
        let path = Fixture.path("clip-a.mp4")
        do {
            _ = try AudioDecoder(path: path, streamIndex: 0)  // stream 0 is the H.264 video
            XCTFail("decoded a video stream as audio")
        } catch {
            XCTAssertEqual(error, .noStream(path: path, kind: "audio"))
        }
        for index in [7, -1] {
            do {
                _ = try AudioDecoder(path: path, streamIndex: index)
                XCTFail("decoded stream \(index), which does not exist")
            } catch {
                XCTAssertEqual(error, .noStream(path: path, kind: "audio"))
            }
        }
        XCTAssertEqual(try AudioDecoder(path: path, streamIndex: 1).streamIndex, 1)
    }

    func testDescriptionsAreOneLineNamingTheFile() {
        let cases: [MediaIOError] = [
            .missingInput(path: "a", reason: "r"), .unreadableMedia(path: "a", reason: "r"), .noStream(path: "a", kind: "audio"),
            .unsupported(path: "a", reason: "r"), .decodeFailed(path: "a", reason: "r"), .cannotCreateOutput(path: "a", reason: "r"),
            .writeFailed(path: "a", reason: "r"), .cancelled,
        ]
        for error in cases {
            XCTAssertFalse(error.description.contains("\n"), "one line: \(error)")
            if error != .cancelled { XCTAssertTrue(error.description.hasPrefix("a: "), error.description) }
        }
    }

    /// The truncated copy still decodes: its audio ends early instead of failing.
    func testTruncatedFileDecodesWhatIsThere() throws {
        let decoder = try AudioDecoder(path: Fixture.path("truncated.mp4"), sampleRate: 48_000)
        let decoded = try decoder.readAll()
        let full = try DecodeCache.shared.decode("clip-a.mp4", rate: 48_000)
        XCTAssertGreaterThan(decoded.count, 48_000, "at least a second survives")
        // The CLI decodes the same complete packets and drops the cut-off last one.
        XCTAssertEqual(decoded.count, try Tool.ffmpegDecode(Fixture.path("truncated.mp4")).count / 2)
        XCTAssertLessThan(decoded.count, full.count, "the cut-off audio is shorter")
        // What is there is the same audio as the complete file's (the last frame may differ).
        let common = max(0, decoded.count - 2048)
        XCTAssertLessThanOrEqual(Measure.maxDifference(decoded.left[0..<common], full.left[0..<common]), 1e-6)
    }
}
