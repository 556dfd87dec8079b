import Foundation
import MixdownComposition
import MixdownMediaIO
import MixdownTestSupport
import XCTest

/// Which video codecs MP4 and MOV take by stream copy: Mixdown's table against
/// FFmpeg 5.1's muxers themselves (`ffmpeg -c copy`), and a refusal that names
/// codec, container and the alternative before any file is created.
final class MovieContainerCodecTests: XCTestCase {
    /// Encoders for a few frames of each codec people send (phones, cameras, the
    /// web, editors), written to Matroska, which holds them all.
    private static let encoders = [
        "h264": ["-c:v", "libx264"], "hevc": ["-c:v", "libx265", "-x265-params", "log-level=none"],
        "mpeg4": ["-c:v", "mpeg4"], "mjpeg": ["-c:v", "mjpeg", "-pix_fmt", "yuvj420p"],
        "vp8": ["-c:v", "libvpx"], "vp9": ["-c:v", "libvpx-vp9"], "av1": ["-c:v", "libaom-av1", "-cpu-used", "8"],
        "prores": ["-c:v", "prores"], "theora": ["-c:v", "libtheora"], "mpeg2video": ["-c:v", "mpeg2video"],
    ]

    func testTableAgreesWithFFmpegsMuxers() throws {
        let folder = try TemporaryFolder()
        for (codec, arguments) in Self.encoders.sorted(by: { $0.key < $1.key }) {
            let source = folder.file("\(codec).mkv")
            _ = try Tool.run("ffmpeg", ["-v", "error", "-f", "lavfi", "-i", "testsrc=size=64x64:rate=10", "-frames:v", "3"]
                             + arguments + ["-y", source])
            for container in [MovieContainer.mp4, .mov] {
                let copied = (try? Tool.run("ffmpeg", ["-v", "error", "-i", source, "-c", "copy", "-y",
                                                       folder.file("\(codec).\(container.rawValue)")])) != nil
                print("\(codec) in .\(container.rawValue): ffmpeg \(copied ? "copies" : "refuses")")
                XCTAssertEqual(container.canHold(videoCodec: codec), copied, "\(codec) in .\(container.rawValue)")
            }
        }
        XCTAssertFalse(MovieContainer.m4a.canHold(videoCodec: "h264"))
    }

    /// VP9 and AV1 in .mov, VP8 anywhere: exit 65's error, naming the codec, the
    /// container and what would take it, and no file (not even a temporary one).
    func testRefusalNamesTheContainerThatWouldTakeItAndCreatesNothing() throws {
        let cases = [
            ("ax-bbb_vp9.mp4", "x.mov", "VP9 video cannot be stream-copied into .mov by FFmpeg 5.1; export to .mp4, which holds it"),
            ("ax-sample_av1.mkv", "x.mov", "AV1 video cannot be stream-copied into .mov by FFmpeg 5.1; export to .mp4, which holds it"),
            ("madek-vp8_vorbis.webm", "x.mp4", "VP8 video cannot be stream-copied into .mp4 by FFmpeg 5.1; neither .mp4 nor .mov "
                + "can hold it (FFmpeg 5.1 writes it to WebM or Matroska, which Mixdown does not write)"),
        ]
        for (name, output, reason) in cases {
            let folder = try TemporaryFolder()
            let clip = try Fixture.realMedia(name)
            let plan = try stitchPlan([VideoClipRequest(path: clip)])
            XCTAssertThrowsError(try MovieWriter(path: folder.file(output), video: plan)) { error in
                XCTAssertEqual(error as? MediaIOError, .unsupported(path: clip, reason: reason))
            }
            XCTAssertEqual(try folder.contents(), [], "\(name): nothing created")
        }
    }
}
