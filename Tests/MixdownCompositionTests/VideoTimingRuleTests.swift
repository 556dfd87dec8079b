import MixdownComposition
import MixdownTime
import XCTest

/// The timing rules of a scanned packet table (`VideoClipInfo+Normalising`) and
/// the cuts that depend on them, on tables written by hand after the real files
/// of the realmedia corpus: where a clip ends when its last frames carry no
/// duration, a wrong one or lie outside the edit list; decoding times derived
/// where Matroska stores none, or moved back where FFmpeg left them after the
/// presentation; pre-roll an edit list hides; orientation by the whole matrix.
final class VideoTimingRuleTests: XCTestCase {
    private let format = VideoStreamFormat(codec: "h264", profile: "High", profileNumber: 100, width: 640, height: 360,
                                           pixelFormat: "yuv420p", rotation: 0, decoderConfiguration: [1, 100, 0, 31])

    /// A clip from (pts, dts, duration, flags) rows; flags `K` keyframe, `D` discarded, as ffprobe prints them.
    private func clip(_ path: String = "a", base: Int32, _ rows: [(Int64, Int64, Int64, String)], statedEnd: Int64? = nil,
                      format: VideoStreamFormat? = nil) throws -> VideoClipInfo {
        let packets = rows.map { VideoPacketEntry(pts: $0.0, dts: $0.1, duration: $0.2, isKeyframe: $0.3.contains("K"),
                                                  isDiscarded: $0.3.contains("D")) }
        return try VideoClipInfo(path: path, streamIndex: 0, format: format ?? self.format, timeBase: try TimeBase(1, base),
                                 origin: 0, packets: packets, statedEnd: statedEnd)
    }

    private func plan(_ infos: [VideoClipInfo], _ paths: [String]? = nil) throws -> VideoStitchPlan {
        try VideoStitchPlan(clips: (paths ?? infos.map(\.path)).map { VideoClipRequest(path: $0) },
                            infos: Dictionary(infos.map { ($0.path, $0) }) { a, _ in a })
    }

    /// Frames at 30 fps in 1/90000 with no durations (ax-trim_optimization_failure.mp4:
    /// every packet's duration is 0, the header says the stream ends a frame after the last).
    func testFramesWithoutDurationEndWhereTheHeaderSays() throws {
        let rows = (0..<10).map { (Int64($0) * 3003, Int64($0) * 3003, Int64(0), $0 == 0 ? "K" : "") }
        let info = try clip(base: 90_000, rows, statedEnd: 10 * 3003 + 9)
        XCTAssertEqual(info.duration, try MediaTime(value: 30_039, timescale: 90_000), "the header's end, not the last pts")
        // Without a header end, the last frame lasts the usual interval.
        XCTAssertEqual(try clip(base: 90_000, rows).duration, try MediaTime(value: 30_030, timescale: 90_000))
        let segment = try plan([info]).segments[0]
        XCTAssertEqual(segment.timelineRange.end, info.duration, "the segment ends at the last frame's end, not its pts")
        XCTAssertEqual(segment.endTicks, 30_039)
    }

    /// Matroska (ax-sample.mkv): 1 ms durations on frames 33 ms apart, no header end.
    /// A stated duration under half the usual interval is not believed.
    func testImplausibleDurationsGiveWayToTheFrameInterval() throws {
        let pts: [Int64] = [67, 100, 134, 167, 200]
        let info = try clip(base: 1000, pts.enumerated().map { ($1, $1, 1, $0 == 0 ? "K" : "") })
        XCTAssertEqual(info.duration, try MediaTime(value: 233, timescale: 1000), "last frame lasts 33 ms, not 1")
        // WebM's rounded 33 ms durations of 33.3 ms frames are believed.
        let webm = try clip(base: 1000, pts.enumerated().map { ($1, $1, 33, $0 == 0 ? "K" : "") })
        XCTAssertEqual(webm.duration, try MediaTime(value: 233, timescale: 1000))
    }

    /// ax-sample_fragmented.mp4: the header says 4294967295 ticks; the last frame states its own duration.
    func testAHeaderEndFarPastTheLastFrameIsIgnored() throws {
        let rows = (0..<4).map { (Int64($0) * 1001, Int64($0) * 1001, Int64(1001), $0 == 0 ? "K" : "") }
        let info = try clip(base: 30_000, rows, statedEnd: 4_294_967_295)
        XCTAssertEqual(info.duration, try MediaTime(value: 4004, timescale: 30_000))
    }

    /// ax-sample.mkv's first packets in decoding order: FFmpeg gives no dts to the
    /// first two (the reorder depth) and 67, 100, 134, 167 … to the others.
    func testDecodingTimesAreDerivedFromSortedPresentationTimes() {
        let pts: [Int64] = [67, 134, 100, 267, 200, 167, 234, 400, 334, 300, 367]
        let dts = VideoClipInfo.decodeTimes(presentationTimes: pts)
        XCTAssertEqual(Array(dts.dropFirst(2)), [67, 100, 134, 167, 200, 234, 267, 300, 334], "as FFmpeg derives them")
        XCTAssertEqual(Array(dts.prefix(2)), [1, 34], "two steps of the first interval before the first pts")
        XCTAssertTrue(zip(dts, dts.dropFirst()).allSatisfy { $0 < $1 }, "increasing")
        XCTAssertTrue(zip(dts, pts).allSatisfy { $0 <= $1 }, "never after presentation")
        XCTAssertEqual(VideoClipInfo.decodeTimes(presentationTimes: [0, 1, 2]), [0, 1, 2], "no reordering, no delay")
    }

    /// Whatever a container stores (variable frame intervals, B-frames two deep,
    /// decoding times after presentation as FFmpeg 5.1 leaves negative composition
    /// offsets, an edit list ending before the last frames), the packet table the
    /// writer copies decodes strictly in order, never a frame after it is shown,
    /// and every frame shown inside the clip's length.
    func testNormalisedDecodingTimesIncreaseAndNeverFollowPresentation() throws {
        var random = SystemRandomNumberGenerator()
        for trial in 0..<200 {
            let count = Int.random(in: 3...40, using: &random)
            var shown: [Int64] = [0]
            for _ in 1..<count { shown.append(shown.last! + Int64.random(in: 1...900, using: &random)) }
            // Decoding order: each reference (every third frame) before the two B-frames shown before it.
            var order = [0]
            var next = 1
            while next < count {
                let reference = min(next + 2, count - 1)
                order.append(reference)
                order += (next..<reference)
                next = reference + 1
            }
            let delay = Int64.random(in: 0...1, using: &random) * 2 * 300
            let hiddenTail = Int.random(in: 0...min(2, count - 1), using: &random)
            let lastShown = count - 1 - hiddenTail
            let end = min(shown[lastShown] + 300, lastShown + 1 < count ? shown[lastShown + 1] : .max)
            let rows = order.enumerated().map { position, frame -> (Int64, Int64, Int64, String) in
                // Stored dts: the display-order time of this decoding slot, less the delay (after pts for some B-frames).
                (shown[frame], shown[position] - delay, 300, (frame == 0 ? "K" : "") + (shown[frame] >= end ? "D" : ""))
            }
            let info = try clip(base: 90_000, rows, statedEnd: end)
            let dts = info.packets.map(\.dts)
            XCTAssertTrue(zip(dts, dts.dropFirst()).allSatisfy { $0 < $1 }, "trial \(trial): increasing \(dts)")
            XCTAssertTrue(info.packets.allSatisfy { $0.dts <= $0.pts }, "trial \(trial): decoded no later than shown")
            XCTAssertEqual(info.endTicks, end, "trial \(trial)")
            XCTAssertEqual(info.hidesFramesPastEnd, hiddenTail > 0, "trial \(trial)")
        }
    }

    /// ax-dolbyVision-hdr.MOV as FFmpeg 5.1 demuxes it (negative ctts in the last two
    /// entries not shifted: pts 20 < dts 60), with pts 80 outside the edit list (0–64).
    func testDecodingAfterPresentationIsMovedBackAndHiddenFramesGetNoTime() throws {
        let info = try clip(base: 600, [(0, 0, 20, "K"), (80, 20, 20, "D"), (40, 40, 20, ""), (20, 60, 20, ""), (60, 80, 20, "")],
                            statedEnd: 64)
        XCTAssertEqual(info.packets.map(\.dts), [0, 18, 19, 20, 60], "the least change: dts ≤ pts, increasing")
        XCTAssertEqual(info.duration, try MediaTime(value: 64, timescale: 600), "the edit list's end, not frame 80's")
        let segment = try plan([info]).segments[0]
        XCTAssertEqual(segment.frameCount, 5, "the hidden frame is copied: the B-frames reference it")
        XCTAssertEqual(segment.lastFrameTime, try MediaTime(value: 60, timescale: 600), "the last frame shown")
        XCTAssertEqual(segment.endTicks, 64)
        // Twice in a row: the second clip's decoding starts after the first's ends.
        let twice = try plan([info], ["a", "a"])
        XCTAssertEqual(twice.duration, try MediaTime(value: 128, timescale: 600))
    }

    /// ax-sample_sef_slow_motion.mp4: decoding starts 9018 ticks before the first
    /// frame and ends 9000 before the last frame's end, with a discarded frame at the end.
    func testAClipDecodedLateCanFollowItself() throws {
        var rows: [(Int64, Int64, Int64, String)] = [(0, -9018, 3000, "K"), (6000, -6018, 3000, ""), (3000, -3018, 3000, "")]
        rows += [(9000, 5982, 3000, ""), (15000, 5991, 3000, "D"), (12000, 6000, 3000, "")]
        let info = try clip(base: 90_000, rows, statedEnd: 15000)
        XCTAssertEqual(info.duration, try MediaTime(value: 15000, timescale: 90_000))
        XCTAssertEqual(info.packets.map(\.dts), [-9018, -6018, -3018, 5979, 5980, 5981],
                       "the last dts more than 9018 before the end, as the first is before the start")
        XCTAssertNoThrow(try plan([info], ["a", "a"]))
    }

    /// ax-iibbibb_editlist_videoonly.mp4: the only clean keyframe (pts −1 s) is
    /// discarded by the edit list, the first shown frame (pts 0) is a B-frame.
    func testHiddenPreRollStartsOnlyTheFirstClip() throws {
        let rows: [(Int64, Int64, Int64, String)] = [
            (-16384, -49152, 16384, "KD"), (32768, -32768, 16384, "K"), (16384, -16384, 16384, ""), (0, 0, 16384, ""),
            (81920, 16384, 16384, "K"), (65536, 32768, 16384, ""), (49152, 49152, 16384, ""),
        ]
        let info = try clip(base: 16384, rows, statedEnd: 98304)
        // The clip's start, not the hidden keyframe at -1 s; then the keyframes at 2 s
        // and 5 s, whose leading B-frames (decoded after them) are shown before them:
        // open GOPs, where a clip starts by a re-encode.
        XCTAssertEqual(info.keyframeTimes, [.zero, try MediaTime(value: 2, timescale: 1), try MediaTime(value: 5, timescale: 1)])
        XCTAssertEqual(info.startPoints.map(\.isOpenGOP), [false, true, true])
        let segment = try plan([info]).segments[0]
        XCTAssertEqual(segment.sourceRange, try MediaTimeRange(start: .zero, end: try MediaTime(value: 6, timescale: 1)))
        XCTAssertEqual(segment.packetRange, 0..<7, "copied from the hidden keyframe")
        XCTAssertEqual(segment.startTicks, 0)
        // A later clip cannot hide it: refused, naming the clip.
        let other = try clip("b", base: 16384, [(0, 0, 16384, "K")])
        XCTAssertThrowsError(try plan([other, info])) { error in
            guard case let .incompatibleClips(path, previous, differences)? = error as? VideoStitchError else { return XCTFail("\(error)") }
            XCTAssertEqual([path, previous], ["a", "b"])
            XCTAssertTrue(differences[0].contains("put this clip first"), differences[0])
        }
        // A trim that starts there is the same cut; one after it snaps back to it, even
        // from an open-GOP keyframe, which the snap lets stream copy avoid.
        let trimmed = try VideoStitchPlan(clips: [VideoClipRequest(path: "a", inPoint: try MediaTime(value: 2, timescale: 1))],
                                          infos: ["a": info], snapToKeyframes: true)
        XCTAssertEqual(trimmed.segments[0].sourceRange.start, .zero)
        XCTAssertEqual(trimmed.snaps.first?.actual, .zero)
    }

    /// ax-sample_rotate_and_reflect.mp4 has rotation -90 like a phone clip, but mirrored.
    func testAMirroredMatrixIsAnotherOrientation() throws {
        var rotated = format, mirrored = format
        rotated.rotation = -90
        rotated.displayMatrix = [0, 65536, 0, -65536, 0, 0, 0, 0, 1 << 30]
        mirrored.rotation = -90
        mirrored.displayMatrix = [0, 65536, 0, 65536, 0, 0, 0, 0, 1 << 30]
        XCTAssertEqual(mirrored.incompatibilities(following: rotated), ["orientation: rotation -90° mirrored vs -90°"])
        XCTAssertEqual(rotated.incompatibilities(following: rotated), [])
        var moved = rotated
        moved.displayMatrix?[6] = 360 << 16
        XCTAssertEqual(moved.incompatibilities(following: rotated).first?.hasPrefix("orientation: display matrix"), true)
        XCTAssertEqual(format.incompatibilities(following: VideoStreamFormat(
            codec: "h264", profile: "High", profileNumber: 100, width: 640, height: 360, pixelFormat: "yuv420p", rotation: 0,
            displayMatrix: [65536, 0, 0, 0, 65536, 0, 0, 0, 1 << 30], decoderConfiguration: [1, 100, 0, 31])), [],
                       "no matrix is the identity")
    }
}
