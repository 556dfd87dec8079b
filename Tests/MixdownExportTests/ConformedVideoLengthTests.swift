import Foundation
import MixdownExport
import MixdownPlan
import MixdownPlanning
import MixdownProject
import MixdownTestSupport
import XCTest

/// A composed picture (a clip conformed to another's size, or a full render)
/// lasts what its clips' video lasts, not up to a frame more: the last encoded
/// frame is cut to the timeline's end, so the video and the audio end together.
/// Checked against ffprobe's lengths of the sources' video streams.
final class ConformedVideoLengthTests: XCTestCase {
    /// Clip a: 192×144 at 15 fps (the composition's frame rate: 66.7 ms frames),
    /// 0.6 s of video starting 0.227 s after its 0.9 s of audio; clip b: 160×120
    /// at 25 fps, 0.44 s, so conformed, and not a whole number of 15 fps frames
    /// (1.04 s together: 15.6 frames, which whole frames took to 1.0667 s).
    private func clips(in folder: TemporaryFolder) throws -> (a: String, b: String) {
        let video = folder.file("a-video.mp4"), audio = folder.file("a-audio.m4a")
        let a = folder.file("a.mp4"), b = folder.file("b.mp4")
        _ = try Tool.run("ffmpeg", ["-v", "error", "-f", "lavfi", "-i", "testsrc2=size=192x144:rate=15:duration=0.6",
                                    "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", video])
        _ = try Tool.run("ffmpeg", ["-v", "error", "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=0.9",
                                    "-c:a", "aac", audio])
        _ = try Tool.run("ffmpeg", ["-v", "error", "-itsoffset", "0.227", "-i", video, "-i", audio,
                                    "-map", "0:v", "-map", "1:a", "-c", "copy", a])
        _ = try Tool.run("ffmpeg", ["-v", "error", "-f", "lavfi", "-i", "testsrc2=size=160x120:rate=25:duration=0.44",
                                    "-f", "lavfi", "-i", "sine=frequency=660:sample_rate=48000:duration=0.44",
                                    "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac", b])
        return (a, b)
    }

    /// The length of `path`'s video as ffprobe reads its stream.
    private func videoLength(_ path: String) throws -> Double {
        try XCTUnwrap(probeStreams(path).first { $0.type == "video" }?.duration)
    }

    /// Exports a then b (a full render when `fullRender`) and checks where each stream ends.
    private func assertEndsWithItsClips(fullRender: Bool, file: StaticString = #filePath, line: UInt = #line) throws {
        let folder = try TemporaryFolder()
        let (a, b) = try clips(in: folder)
        let expected = try videoLength(a) + videoLength(b)
        var project = Project()
        project.clips = [.init(path: a), .init(path: b)]
        project.video.fullRender = fullRender
        let plan = try project.plan(for: .export)
        guard case let .composed(video) = plan.video else { return XCTFail("clip b's size composes the picture", file: file, line: line) }
        XCTAssertEqual(video.smartRender?.copies, !fullRender, file: file, line: line)
        let output = folder.file("out.mp4")
        _ = try ExportSession(plan: plan, outputPath: output).export()

        let streams = try probeStreams(output)
        let videoStream = try XCTUnwrap(streams.first { $0.type == "video" }, file: file, line: line)
        let audioStream = try XCTUnwrap(streams.first { $0.type == "audio" }, file: file, line: line)
        let videoEnd = videoStream.start + videoStream.duration, audioEnd = audioStream.start + audioStream.duration
        // A tick of the 15 fps track (1/15360 s) and ffprobe's microseconds.
        XCTAssertEqual(videoEnd, expected, accuracy: 0.0002, "the video lasts its clips' video", file: file, line: line)
        XCTAssertEqual(audioEnd, videoEnd, accuracy: 1024.0 / 48000, "audio and video end within an AAC frame", file: file, line: line)
        XCTAssertEqual(try Tool.decodeErrors(output), "", file: file, line: line)
    }

    func testAConformedClipsLastFrameEndsWhereItsVideoEnds() throws {
        try assertEndsWithItsClips(fullRender: false)
    }

    func testAFullRendersLastFrameEndsWhereTheClipsVideoEnds() throws {
        try assertEndsWithItsClips(fullRender: true)
    }
}
