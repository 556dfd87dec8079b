import Foundation
import MixdownTestSupport
import XCTest

/// A camera's AVCHD clip (open-GOP interlaced H.264, AC-3, MPEG-TS, no IDR):
/// exported whole, it starts where FFmpeg's decode starts, shows what FFmpeg
/// shows, and decodes cleanly.
final class CLICameraClipTests: XCTestCase {
    func testAnOpenGOPCameraClipExportsAndDecodesCleanly() throws {
        let folder = try TemporaryFolder()
        let clip = try CameraClip.make(in: folder)
        // (CameraClipScanTests checks that the fixture has no IDR and that FFmpeg flags its I-frames.)
        let out = folder.file("out.mp4")
        let run = try CLIRunner.run(["export", "--video", clip, "-o", out])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stderr.contains("open-GOP keyframe"), run.stderr)
        XCTAssertEqual(try Tool.decodeErrors(out), "", "the export decodes cleanly")
        // Every frame FFmpeg shows of the source, from its first keyframe on, and no other.
        let source = try frameCount(clip), exported = try frameCount(out)
        XCTAssertEqual(exported, source)
    }

    /// Frames ffmpeg decodes from the file's video.
    private func frameCount(_ path: String) throws -> Int {
        let json = try Tool.probe(path, ["-select_streams", "v:0", "-count_frames", "-show_entries", "stream=nb_read_frames"])
        let stream = try XCTUnwrap((json["streams"] as? [[String: Any]])?.first)
        return try XCTUnwrap(Int(try XCTUnwrap(stream["nb_read_frames"] as? String)))
    }
}
