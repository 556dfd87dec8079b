import Foundation
import MixdownTestSupport
import XCTest

/// The realmedia sweep, export half: every video file of the corpus exported with
/// `mixdown export --video FILE` to MP4 and to MOV. Each export either copies the
/// video byte for byte (framemd5 of the packets), presents audio and video for
/// the same length (within one AAC frame, read from the edit lists) and decodes
/// without a word from ffmpeg; or, exactly where `ffmpeg -c copy` cannot write
/// the codec into the container either, is refused with exit 65 and one line
/// naming the codec and the container, leaving no file behind.
final class CLIRealMediaExportTests: XCTestCase {
    private static let aacFrame = 1024.0 / 48_000

    func testEveryVideoFileExportsToMP4() throws {
        try sweep(container: "mp4", expectingRefusals: ["madek-vp8_vorbis.webm"])
    }

    func testEveryVideoFileExportsToMOVWhereTheCodecAllows() throws {
        try sweep(container: "mov", expectingRefusals: [
            "ax-bbb_960x540_vp9_vorbis51.webm", "ax-bbb_vp9.mp4", "ax-sample_av1.mkv", "ax-sample_av1.mp4", "madek-vp8_vorbis.webm",
        ])
    }

    /// The corpus files with a video stream that is not a cover picture, by ffprobe.
    private func videoFiles() throws -> [String] {
        try Fixture.realMediaManifest().keys.sorted().filter { name in
            let streams = try Tool.probe(try Fixture.realMedia(name), ["-select_streams", "v", "-show_streams"])["streams"]
            return (streams as? [[String: Any]] ?? []).contains { stream in
                ((stream["disposition"] as? [String: Any])?["attached_pic"] as? Int) != 1
            }
        }
    }

    private func sweep(container: String, expectingRefusals expected: Set<String>) throws {
        let files = try videoFiles()
        XCTAssertGreaterThanOrEqual(files.count, 30, "the corpus's video files")
        var refused: Set<String> = []
        for name in files {
            let folder = try TemporaryFolder()
            let source = try Fixture.realMedia(name)
            let out = folder.file("out.\(container)")
            let result = try CLIRunner.run(["export", "--video", source, "-o", out, "--quiet"])
            let ffmpegCopies = (try? Tool.run("ffmpeg", ["-v", "error", "-nostdin", "-i", source, "-map", "0:v:0", "-c", "copy",
                                                         "-y", folder.file("ffmpeg.\(container)")])) != nil
            try? FileManager.default.removeItem(atPath: folder.file("ffmpeg.\(container)"))
            guard result.status == 0 else {
                refused.insert(name)
                print("\(name) → .\(container): exit \(result.status): \(result.stderr)", terminator: "")
                XCTAssertEqual(result.status, 65, "\(name): \(result.stderr)")
                XCTAssertFalse(ffmpegCopies, "\(name): ffmpeg copies it into .\(container), Mixdown must too")
                XCTAssertTrue(result.stderr.contains("video cannot be stream-copied into .\(container)"), result.stderr)
                XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, "one line")
                XCTAssertEqual(try folder.contents(), [], "\(name): nothing left behind")
                continue
            }
            XCTAssertTrue(ffmpegCopies, "\(name): copied into .\(container) although ffmpeg cannot")
            XCTAssertEqual(try Tool.videoPacketHashes(out), try Tool.videoPacketHashes(source), "\(name): packets byte for byte")
            let presented = try MovieBoxes.presentedDurations(out)
            let video = try XCTUnwrap(presented["vide"], name), audio = try XCTUnwrap(presented["soun"], name)
            print("\(name) → .\(container): video \(video) s, audio \(audio) s")
            XCTAssertLessThan(abs(video - audio), Self.aacFrame, "\(name): audio and video end together")
            XCTAssertEqual(try Tool.decodeErrors(out), "", "\(name): clean decode")
        }
        XCTAssertEqual(refused, expected, "refused exactly where FFmpeg 5.1's .\(container) muxer cannot take the codec")
    }
}
