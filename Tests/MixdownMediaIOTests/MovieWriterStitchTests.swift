import Foundation
import MixdownComposition
import MixdownMediaIO
import MixdownTime
import MixdownTestSupport
import XCTest

/// Exports of stitched fixture clips with a generated 48 kHz bus, checked with ffprobe and ffmpeg.
final class MovieWriterStitchTests: XCTestCase {
    static let aacFrame = 1024.0 / 48_000

    /// Writes `plan` with a sine-and-clicks bus as long as the video, fed in blocks of 4096.
    private func export(_ plan: VideoStitchPlan, to path: String, clicks: [Int]) throws -> TestSignal {
        let count = Int(try plan.duration.sampleIndex(sampleRate: .standard))
        let signal = TestSignal(count: count, clicks: clicks)
        let writer = try MovieWriter(path: path, video: plan)
        XCTAssertEqual(writer.container, .mp4)
        try signal.feed(block: 4096) { try writer.writeAudio($0) }
        try writer.finishDecodingCleanly()
        XCTAssertEqual(writer.audioSamplesWritten, Int64(count))
        XCTAssertEqual(writer.videoFramesWritten, plan.segments.reduce(0) { $0 + $1.frameCount })
        return signal
    }

    func testWholeClipsStitchByteForByteWithAlignedAudio() throws {
        let folder = try TemporaryFolder()
        let out = folder.file("stitched.mp4")
        let names = ["clip-a.mp4", "clip-b.mp4", "clip-c.mp4"]
        let plan = try stitchPlan(names.map { VideoClipRequest(path: Fixture.path($0)) })
        let clicks = [48_000, 300_000, 500_000, 700_000]
        let signal = try export(plan, to: out, clicks: clicks)
        XCTAssertEqual(try folder.contents(), ["stitched.mp4"], "no temporary file left")

        // One H.264 and one AAC stream, both starting at 0.
        let streams = try Tool.streams(out)
        XCTAssertEqual(streams.compactMap { $0["codec_name"] as? String }, ["h264", "aac"])
        XCTAssertEqual(streams.compactMap { $0["profile"] as? String }, ["High", "LC"])
        XCTAssertEqual(streams.compactMap { $0["start_time"] as? String }, ["0.000000", "0.000000"])
        XCTAssertEqual(streams[1]["sample_rate"] as? String, "48000")
        XCTAssertEqual(streams[1]["channels"] as? Int, 2)
        let durations = streams.compactMap { ($0["duration"] as? String).flatMap(Double.init) }
        print("stitched durations: video \(durations[0]) s, audio \(durations[1]) s, nb_frames \(streams.map { $0["nb_frames"] ?? "?" })")
        XCTAssertEqual(durations[0], 15, accuracy: 1e-6)
        XCTAssertLessThan(abs(durations[0] - durations[1]), Self.aacFrame)

        // Packet bytes: the concatenated sources, in order.
        let expected = try names.flatMap { try Tool.videoPacketHashes(Fixture.path($0)) }
        let written = try Tool.videoPacketHashes(out)
        XCTAssertEqual(written.count, 450)
        XCTAssertEqual(written, expected, "video packets byte-identical and in order")

        try checkTimestamps(out, plan: plan)
        try checkFastStart(out)
        try checkInterleaving(out)
        try checkAudio(out, against: signal, clicks: clicks)
    }

    func testTrimmedClipsCopyTheirPacketRanges() throws {
        let folder = try TemporaryFolder()
        let out = folder.file("trimmed.mp4")
        let plan = try stitchPlan([
            VideoClipRequest(path: Fixture.path("clip-a.mp4"), inPoint: try seconds(1), outPoint: try seconds(4)),
            VideoClipRequest(path: Fixture.path("clip-c.mp4"), inPoint: try seconds(2)),
        ])
        let signal = try export(plan, to: out, clicks: [96_000, 150_000])
        // Source packets in decoding order; the kept ones start at the keyframe shown
        // at the in-point and end just before the keyframe shown at the out-point.
        func slice(_ name: String, from start: Double, to end: Double?) throws -> [String] {
            let path = Fixture.path(name)
            let packets = try Tool.packets(path, stream: "v:0")
            let keyAt = { (t: Double) in
                packets.firstIndex { ($0["flags"] as? String)?.hasPrefix("K") == true && ($0["pts"] as? Int) == Int(t * 15_360) }
            }
            let first = try XCTUnwrap(keyAt(start))
            let last = try end.map { try XCTUnwrap(keyAt($0)) } ?? packets.count
            return Array(try Tool.videoPacketHashes(path)[first..<last])
        }
        let expected = try slice("clip-a.mp4", from: 1, to: 4) + slice("clip-c.mp4", from: 2, to: nil)
        XCTAssertEqual(expected.count, 150)
        XCTAssertEqual(try Tool.videoPacketHashes(out), expected)
        let streams = try Tool.streams(out)
        XCTAssertEqual(streams.compactMap { $0["start_time"] as? String }, ["0.000000", "0.000000"])
        XCTAssertEqual(Double(streams[0]["duration"] as? String ?? "") ?? 0, 5, accuracy: 1e-6)
        try checkTimestamps(out, plan: plan)
        try checkAudio(out, against: signal, clicks: [96_000, 150_000])
    }

    func testRotationIsCarriedToTheOutput() throws {
        let folder = try TemporaryFolder()
        let out = folder.file("portrait.mov")
        let plan = try stitchPlan([VideoClipRequest(path: Fixture.path("portrait.mp4"), outPoint: try seconds(2))])
        XCTAssertEqual(plan.format.rotation, 90)
        let count = Int(try plan.duration.sampleIndex(sampleRate: 48_000))
        let writer = try MovieWriter(path: out, video: plan)
        XCTAssertEqual(writer.container, .mov)
        try TestSignal(count: count, clicks: []).feed(block: 4096) { try writer.writeAudio($0) }
        try writer.finishDecodingCleanly()
        let json = try Tool.probe(out, ["-select_streams", "v:0", "-show_streams"])
        let stream = try XCTUnwrap((json["streams"] as? [[String: Any]])?.first)
        let sideData = try XCTUnwrap(stream["side_data_list"] as? [[String: Any]])
        XCTAssertEqual(sideData.first?["rotation"] as? Int, 90)
        XCTAssertEqual(try VideoClipInfo(path: out).format.rotation, 90)
        XCTAssertEqual(try Tool.videoPacketHashes(out), Array(try Tool.videoPacketHashes(Fixture.path("portrait.mp4")).prefix(60)))
    }

    func testVideoWithoutAudioSamples() throws {
        let folder = try TemporaryFolder()
        let out = folder.file("silent.mp4")
        let plan = try stitchPlan([VideoClipRequest(path: Fixture.path("clip-c.mp4"))])
        let writer = try MovieWriter(path: out, video: plan)
        try writer.finishDecodingCleanly()
        let streams = try Tool.streams(out)
        print("no audio written: streams \(streams.map { "\($0["codec_name"] ?? "?") frames \($0["nb_frames"] ?? "?") duration \($0["duration"] ?? "?")" })")
        // FFmpeg's MP4 muxer leaves out a track that received no packets.
        XCTAssertEqual(streams.compactMap { $0["codec_name"] as? String }, ["h264"])
        XCTAssertEqual(try Tool.videoPacketHashes(out), try Tool.videoPacketHashes(Fixture.path("clip-c.mp4")))
    }

    /// Without B-frames an out-point may fall on any frame boundary.
    func testStreamWithoutReorderingCutsOnAnyFrame() throws {
        let folder = try TemporaryFolder()
        let clip = folder.file("no-bframes.mp4")
        _ = try Tool.run("ffmpeg", ["-v", "error", "-f", "lavfi", "-i", "testsrc=size=320x240:rate=30", "-t", "3",
                                    "-c:v", "libx264", "-bf", "0", "-g", "30", "-threads", "1", "-pix_fmt", "yuv420p", clip])
        let info = try VideoClipInfo(path: clip)
        XCTAssertFalse(info.hasFrameReordering)
        let plan = try stitchPlan([
            VideoClipRequest(path: clip, inPoint: try seconds(1), outPoint: try MediaTime(value: 46, timescale: 30)),
            VideoClipRequest(path: clip, outPoint: try seconds(0.51)),
        ])
        XCTAssertNil(plan.segments[0].outPointSnap, "frame 46 is a frame boundary")
        XCTAssertEqual(plan.segments[0].frameCount, 16)
        let snap = try XCTUnwrap(plan.segments[1].outPointSnap)
        XCTAssertEqual(snap.target, .frameBoundary)
        XCTAssertEqual(snap.actual, try seconds(0.5), "back to the start of frame 15")
        XCTAssertEqual(plan.segments[1].frameCount, 15)
        let out = folder.file("cut.mp4")
        let writer = try MovieWriter(path: out, video: plan)
        try TestSignal(count: Int(try plan.duration.sampleIndex(sampleRate: 48_000)), clicks: [])
            .feed(block: 4096) { try writer.writeAudio($0) }
        try writer.finishDecodingCleanly()
        let source = try Tool.videoPacketHashes(clip)
        XCTAssertEqual(try Tool.videoPacketHashes(out), Array(source[30..<46] + source[0..<15]))
        try checkTimestamps(out, plan: plan)
    }

    // MARK: - Checks

    /// dts strictly increasing across the joins, and each segment's frames shown
    /// exactly over its timeline range.
    private func checkTimestamps(_ path: String, plan: VideoStitchPlan) throws {
        let packets = try Tool.packets(path, stream: "v:0")
        let dts = packets.compactMap { $0["dts"] as? Int }
        let pts = packets.compactMap { $0["pts"] as? Int }
        let durations = packets.compactMap { $0["duration"] as? Int }
        XCTAssertEqual(dts.count, packets.count)
        XCTAssertEqual(durations.count, packets.count)
        XCTAssertTrue(zip(dts, dts.dropFirst()).allSatisfy { $0 < $1 }, "dts strictly increasing")
        let timeBase = try XCTUnwrap(try Tool.streams(path).first?["time_base"] as? String)
        let scale = try XCTUnwrap(Int32(timeBase.dropFirst(2)), "time base \(timeBase) is 1/N")
        var index = 0
        for segment in plan.segments {
            let shown = index..<(index + segment.frameCount)
            let first = try XCTUnwrap(shown.min { pts[$0] < pts[$1] })
            let last = try XCTUnwrap(shown.max { pts[$0] < pts[$1] })
            let start = try segment.timelineRange.start.converted(toTimescale: scale).value
            let end = try segment.timelineRange.end.converted(toTimescale: scale).value
            XCTAssertEqual(Int64(pts[first]), start, "segment \(segment.clipIndex) starts at its timeline start")
            XCTAssertEqual(Int64(pts[last] + durations[last]), end, "segment \(segment.clipIndex) ends at its timeline end")
            index += segment.frameCount
        }
        print("dts at joins: " + plan.segments.dropFirst().map { s in
            let i = plan.segments.prefix(while: { $0.clipIndex != s.clipIndex }).reduce(0) { $0 + $1.frameCount }
            return "\(dts[i - 1]) → \(dts[i]) (pts \(pts[i]))"
        }.joined(separator: ", "))
    }

    private func checkFastStart(_ path: String) throws {
        let boxes = try topLevelBoxes(path)
        print("top-level boxes: \(boxes)")
        let moov = try XCTUnwrap(boxes.firstIndex(of: "moov"))
        let mdat = try XCTUnwrap(boxes.firstIndex(of: "mdat"))
        XCTAssertEqual(boxes.first, "ftyp")
        XCTAssertLessThan(moov, mdat, "moov before mdat")
    }

    /// In file order, neither stream runs more than a second ahead of the other.
    private func checkInterleaving(_ path: String) throws {
        let json = try Tool.probe(path, ["-show_entries", "packet=stream_index,pos,dts_time"])
        let packets = try XCTUnwrap(json["packets"] as? [[String: Any]])
        let ordered = packets.compactMap { p -> (Int, Int, Double)? in
            guard let s = p["stream_index"] as? Int, let pos = (p["pos"] as? String).flatMap(Int.init),
                  let t = (p["dts_time"] as? String).flatMap(Double.init) else { return nil }
            return (pos, s, t)
        }.sorted { $0.0 < $1.0 }
        XCTAssertEqual(ordered.count, packets.count)
        var latest = [-1.0, -1.0]
        var worst = 0.0
        for (_, stream, time) in ordered {
            latest[stream] = max(latest[stream], time)
            if latest[0] >= 0, latest[1] >= 0 { worst = max(worst, abs(latest[0] - latest[1])) }
        }
        print("interleaving: largest lead of one stream over the other in file order \(worst) s")
        XCTAssertLessThan(worst, 1.0)
    }

    /// Decoded by ffmpeg, the audio lines up with the bus: lag 0 ± 2, high correlation, clicks in place.
    private func checkAudio(_ path: String, against signal: TestSignal, clicks: [Int]) throws {
        let decoded = try Tool.decodeStereo(path)
        print("decoded \(decoded.left.count) samples for \(signal.left.count) written (+\(decoded.left.count - signal.left.count))")
        XCTAssertGreaterThanOrEqual(decoded.left.count, signal.left.count)
        XCTAssertLessThan(decoded.left.count, signal.left.count + 1024)
        let body = 4_800..<(signal.left.count - 4_800)
        let best = Measure.bestLag(signal.left, decoded.left, lags: -8...8, range: body)
        print("cross-correlation peak: lag \(best.lag), r = \(best.correlation)")
        XCTAssertEqual(best.lag, 0, "no offset")
        XCTAssertGreaterThan(best.correlation, 0.99)
        for click in clicks {
            let window = (click - 480)..<(click + 480)
            let found = Measure.argmaxAbs(decoded.left, in: window)
            let foundRight = Measure.argmaxAbs(decoded.right, in: window)
            print("click \(click): decoded at L \(found) R \(foundRight), peak \(decoded.left[found])")
            XCTAssertLessThanOrEqual(abs(found - click), 2)
            XCTAssertLessThanOrEqual(abs(foundRight - click), 2)
        }
    }
}
