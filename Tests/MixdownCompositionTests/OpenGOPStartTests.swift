import MixdownComposition
import MixdownTime
import XCTest

/// Streams whose keyframes open their GOPs (a camera's I-frames with recovery
/// points, which FFmpeg flags as keyframes): where a clip starts, what it shows
/// first, and which errors are the user's (exit 64) and which the file's (65).
final class OpenGOPStartTests: XCTestCase {
    private let base = try! TimeBase(1, 25)
    private let format = VideoStreamFormat(codec: "h264", profile: "High", profileNumber: 100, width: 320, height: 240,
                                           pixelFormat: "yuv420p", rotation: 0, decoderConfiguration: [1, 100, 0, 31])

    /// GOPs of 6 frames, I P B B P B in display order 0…5, decoded as I(3) B(1) B(2)
    /// P(6) B(4) B(5) …: each I is shown after the two B-frames decoded just after it
    /// (its leading pictures, which reference the GOP before). `from` drops the
    /// packets before that one in decoding order (a recording split mid-stream).
    private func openGOPClip(gops: Int, keyframes: Bool = true, from first: Int = 0) throws -> VideoClipInfo {
        var order: [Int64] = []
        for g in 0..<gops {
            let s = Int64(6 * g)
            order += [s + 3, s + 1, s + 2, s + 6, s + 4, s + 5]
        }
        let packets = order.enumerated().dropFirst(first).map { dts, pts in
            VideoPacketEntry(pts: pts, dts: Int64(dts) - 2, duration: 1, isKeyframe: keyframes && pts % 6 == 3)
        }
        return try VideoClipInfo(path: "cam.mts", streamIndex: 0, format: format, timeBase: base, origin: 0, packets: Array(packets))
    }

    private func t(_ frames: Int) throws -> MediaTime { try base.time(ticks: Int64(frames)) }

    func testOpenGOPKeyframesAreStartsAndTheFirstOneIsShownFirst() throws {
        let info = try openGOPClip(gops: 3)
        // The first I's leading pictures (1, 2) reference frames before the file: not shown.
        XCTAssertEqual(info.keyframeTimes, [try t(3), try t(9), try t(15)])
        let plan = try VideoStitchPlan(clips: [VideoClipRequest(path: "cam.mts")], infos: ["cam.mts": info])
        XCTAssertEqual(plan.segments[0].sourceRange.start, try t(3), "the clip starts at its first keyframe")
        XCTAssertEqual(plan.segmentsStartingOnOpenGOP.count, 1, "and is re-encoded from there, not copied")
        // A typed in-point on a later open-GOP keyframe is accepted too.
        let later = try VideoStitchPlan(clips: [VideoClipRequest(path: "cam.mts", inPoint: try t(9))], infos: ["cam.mts": info])
        XCTAssertEqual(later.segments[0].packetRange.lowerBound, 6)
        XCTAssertEqual(later.segmentsStartingOnOpenGOP.count, 1)
    }

    func testATypedInPointOffAKeyframeIsTheUsersAndAStartWithoutOneIsTheFiles() throws {
        let info = try openGOPClip(gops: 3)
        XCTAssertThrowsError(try VideoStitchPlan(clips: [VideoClipRequest(path: "cam.mts", inPoint: try t(5))], infos: ["cam.mts": info])) {
            XCTAssertEqual($0 as? VideoStitchError, .notOnKeyframe(path: "cam.mts", time: 0.2, keyframeBefore: 0.12, keyframeAfter: 0.36))
        }
        // No keyframe flagged at all: nothing the user typed is wrong.
        let none = try openGOPClip(gops: 2, keyframes: false)
        XCTAssertThrowsError(try VideoStitchPlan(clips: [VideoClipRequest(path: "cam.mts")], infos: ["cam.mts": none])) { error in
            guard case let .invalidTrim(path, reason)? = error as? VideoStitchError else { return XCTFail("\(error)") }
            XCTAssertEqual(path, "cam.mts")
            XCTAssertTrue(reason.contains("it has no keyframe"), reason)
        }
    }

    /// A stream cut mid-GOP: the P- and B-frames before the first keyframe are not shown either.
    func testPacketsBeforeTheFirstKeyframeAreNotShown() throws {
        let info = try openGOPClip(gops: 3, from: 3)
        XCTAssertEqual(info.keyframeTimes.first, try t(9))
        XCTAssertEqual(try VideoStitchPlan(clips: [VideoClipRequest(path: "cam.mts")], infos: ["cam.mts": info]).segments[0].sourceRange.start,
                       try t(9))
    }

    /// A clip re-encoded from its open-GOP keyframe may follow any other: its packets
    /// are not copied, so their decoding times need not come after the clip's before.
    func testAClipConformedFromAnOpenGOPFollowsAnother() throws {
        let packets = (0..<12).map { VideoPacketEntry(pts: Int64($0), dts: Int64($0), duration: 1, isKeyframe: $0 == 0) }
        let before = try VideoClipInfo(path: "a", streamIndex: 0, format: format, timeBase: base, origin: 0, packets: packets)
        let plan = try VideoStitchPlan(clips: [VideoClipRequest(path: "a"), VideoClipRequest(path: "cam.mts")],
                                       infos: ["a": before, "cam.mts": try openGOPClip(gops: 2)])
        XCTAssertEqual(plan.segmentsStartingOnOpenGOP.map(\.clipIndex), [1])
        XCTAssertEqual(plan.segments[1].timelineRange.start, try t(12))
    }

    /// A closed GOP's keyframe stays a copy's start.
    func testClosedGOPsAreCopied() throws {
        let packets = (0..<12).map { VideoPacketEntry(pts: Int64($0), dts: Int64($0), duration: 1, isKeyframe: $0 % 6 == 0) }
        let info = try VideoClipInfo(path: "a", streamIndex: 0, format: format, timeBase: base, origin: 0, packets: packets)
        let plan = try VideoStitchPlan(clips: [VideoClipRequest(path: "a", inPoint: try t(6))], infos: ["a": info])
        XCTAssertEqual(plan.segmentsStartingOnOpenGOP.count, 0)
    }
}
