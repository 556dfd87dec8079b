import Foundation
import MixdownComposition
import MixdownMediaIO
import MixdownTime
import MixdownTestSupport
import XCTest

/// Exports of phone and camera clips from the realmedia corpus that stream copy
/// must keep as ffmpeg's `-c copy` does: video packets byte for byte, the video
/// presented exactly as long as the audio written for it, and what describes the
/// stream (aspect ratio, codec tag, side data). The whole corpus is swept by
/// CLIRealMediaExportTests; these check the properties one by one.
final class MovieWriterRealMediaTests: XCTestCase {
    static let aacFrame = 1024.0 / 48_000

    private let folder = try! TemporaryFolder()

    /// Exports `clips` whole with a tone as long as the plan, to `name` in the test's folder.
    private func export(_ clips: [String], to name: String) throws -> (out: String, plan: VideoStitchPlan) {
        let plan = try stitchPlan(try clips.map { VideoClipRequest(path: try Fixture.realMedia($0)) })
        let out = folder.file(name)
        let writer = try MovieWriter(path: out, video: plan)
        try TestSignal(count: Int(try plan.duration.sampleIndex(sampleRate: 48_000)), clicks: [])
            .feed(block: 4096) { try writer.writeAudio($0) }
        try writer.finishDecodingCleanly()
        return (out, plan)
    }

    /// Packets byte-identical to the sources in order, video and audio presented for
    /// the plan's length (within one AAC frame), and a decode without a word from ffmpeg.
    private func checkCopy(_ out: String, of clips: [String], plan: VideoStitchPlan) throws {
        let sources = try clips.flatMap { try Tool.videoPacketHashes(try Fixture.realMedia($0)) }
        XCTAssertEqual(try Tool.videoPacketHashes(out), sources, "\(clips): video packets byte-identical")
        let presented = try MovieBoxes.presentedDurations(out)
        let video = try XCTUnwrap(presented["vide"]), audio = try XCTUnwrap(presented["soun"])
        print("\(clips): plan \(plan.duration.seconds) s, presented video \(video) s, audio \(audio) s")
        XCTAssertEqual(video, plan.duration.seconds, accuracy: 0.001, "\(clips): video as long as planned (mvhd ms)")
        XCTAssertLessThan(abs(video - audio), Self.aacFrame, "\(clips): audio and video end together")
        XCTAssertEqual(try Tool.decodeErrors(out), "", "\(clips): clean decode")
    }

    /// The video stream's fields and side data types, as ffprobe reports them.
    private func videoStream(_ path: String) throws -> [String: Any] {
        let json = try Tool.probe(path, ["-select_streams", "v:0", "-show_streams"])
        return try XCTUnwrap((json["streams"] as? [[String: Any]])?.first)
    }

    private func sideDataTypes(_ stream: [String: Any]) -> [String] {
        (stream["side_data_list"] as? [[String: Any]] ?? []).compactMap { $0["side_data_type"] as? String }
    }

    /// Item 7: every packet of ax-trim_optimization_failure.mp4 has duration 0; the
    /// last frame lasts until the header's end (502986 / 90000 s), and the audio with it.
    func testFramesWithoutDurationsEndWithTheirAudio() throws {
        let name = "ax-trim_optimization_failure.mp4"
        let (out, plan) = try export([name], to: "vfr.mp4")
        XCTAssertEqual(plan.duration, try MediaTime(value: 502_986, timescale: 90_000))
        try checkCopy(out, of: [name], plan: plan)
    }

    /// Item 8: the iPhone Dolby Vision clip (pts < dts as FFmpeg 5.1 reads it; a frame
    /// past its edit list) exports, keeping hvc1, its Dolby Vision configuration
    /// (MP4) and its display matrix, and lasting what its edit list says (64/600 s).
    func testIPhoneDolbyVisionClipKeepsItsConfiguration() throws {
        let name = "ax-dolbyVision-hdr.MOV"
        let (out, plan) = try export([name], to: "dv.mp4")
        XCTAssertEqual(plan.duration, try MediaTime(value: 64, timescale: 600), "the edit list's end, not frame 80's")
        try checkCopy(out, of: [name], plan: plan)
        let stream = try videoStream(out)
        XCTAssertEqual(stream["codec_tag_string"] as? String, "hvc1", "the source's tag, not FFmpeg's default hev1")
        XCTAssertEqual(stream["color_transfer"] as? String, "arib-std-b67")
        XCTAssertEqual(sideDataTypes(stream), ["DOVI configuration record", "Display Matrix"])
        XCTAssertEqual(sideDataTypes(stream), sideDataTypes(try videoStream(try Fixture.realMedia(name))))
    }

    /// Item 8 and F6: one sample aspect ratio for the stream and its codec parameters,
    /// the container's when it sets one, as ffmpeg's stream copy does.
    func testOneAspectRatioAsFFmpegCopies() throws {
        // Samsung slow motion: container 1:1, SPS 27:64 (libavformat refused the mismatch).
        let slow = "ax-sample_sef_slow_motion.mp4"
        let (out, plan) = try export([slow], to: "slow.mp4")
        try checkCopy(out, of: [slow], plan: plan)
        XCTAssertEqual(try videoStream(out)["sample_aspect_ratio"] as? String, "1:1")
        // VP9 with 64:45 in the container only (it came out as 1137:800).
        let vp9 = "ax-bbb_vp9.mp4"
        let copy = try export([vp9], to: "vp9.mp4")
        let stream = try videoStream(copy.out)
        XCTAssertEqual(stream["sample_aspect_ratio"] as? String, "64:45")
        XCTAssertEqual(stream["display_aspect_ratio"] as? String, "16:9")
    }

    /// Item 9: H.264 with B-frames in Matroska has no dts for its first packets.
    func testMatroskaWithBFramesExports() throws {
        let name = "ax-sample.mkv"
        let (out, plan) = try export([name, name], to: "mkv.mov")
        XCTAssertEqual(plan.duration, try MediaTime(value: 2000, timescale: 1000), "30 frames of 33.3 ms, twice")
        try checkCopy(out, of: [name, name], plan: plan)
    }

    /// Item 9: MP4s whose edit list discards the leading keyframe start at the first
    /// shown frame, the keyframe copied before it and hidden by the output's edit
    /// list: the decoded frames are the source's, one for one.
    func testHiddenPreRollDecodesToTheSourceFrames() throws {
        for name in ["ax-iibbibb_editlist_videoonly.mp4", "ax-sample_edit_list_only_preroll_sync_sample.mp4"] {
            let (out, plan) = try export([name], to: "preroll.mp4")
            XCTAssertEqual(plan.segments[0].sourceRange.start, .zero, name)
            try checkCopy(out, of: [name], plan: plan)
            let frames = { (path: String) in
                String(decoding: try Tool.run("ffmpeg", ["-v", "error", "-i", path, "-map", "0:v:0", "-f", "framemd5", "-"]), as: UTF8.self)
                    .split(separator: "\n").filter { !$0.hasPrefix("#") }.map { $0.split(separator: ",").last.map(String.init) ?? "" }
            }
            let source = try frames(try Fixture.realMedia(name))
            XCTAssertEqual(try frames(out), source, "\(name): \(source.count) decoded frames, same pictures")
        }
    }
}
