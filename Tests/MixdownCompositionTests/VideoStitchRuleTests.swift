import MixdownComposition
import MixdownTime
import XCTest

/// The cut rules of stream-copied video, on packet tables written by hand: which
/// keyframes are clean, where in- and out-points may fall with and without
/// B-frames, how clips follow each other and when they cannot.
final class VideoStitchRuleTests: XCTestCase {
    private let base = try! TimeBase(1, 30)
    private let format = VideoStreamFormat(codec: "h264", profile: "High", profileNumber: 100, width: 640, height: 360,
                                           pixelFormat: "yuv420p", rotation: 0, decoderConfiguration: [1, 100, 0, 31])

    /// `frames` frames at 30 fps in display order 0, 1, 2 …, a keyframe every `gop`,
    /// stored in decoding order (with one B-frame between references when `bFrames`).
    private func clip(_ path: String, frames: Int, gop: Int, bFrames: Bool = false,
                      format: VideoStreamFormat? = nil) throws -> VideoClipInfo {
        var packets: [VideoPacketEntry] = []
        for (dts, pts) in decodingOrder(frames: frames, gop: gop, bFrames: bFrames).enumerated() {
            packets.append(VideoPacketEntry(pts: Int64(pts), dts: Int64(dts) - (bFrames ? 1 : 0), duration: 1,
                                            isKeyframe: pts % gop == 0))
        }
        return try VideoClipInfo(path: path, streamIndex: 0, format: format ?? self.format, timeBase: base, origin: 0, packets: packets)
    }

    private func t(_ frames: Int) throws -> MediaTime { try base.time(ticks: Int64(frames)) }

    private func plan(_ clips: [VideoClipRequest], infos: [VideoClipInfo], snap: Bool = false) throws -> VideoStitchPlan {
        try VideoStitchPlan(clips: clips, infos: Dictionary(uniqueKeysWithValues: infos.map { ($0.path, $0) }), snapToKeyframes: snap)
    }

    func testCleanKeyframesAndLength() throws {
        let info = try clip("a", frames: 90, gop: 30, bFrames: true)
        XCTAssertEqual(info.keyframeTimes, [try t(0), try t(30), try t(60)])
        XCTAssertEqual(info.duration, try t(90))
        XCTAssertTrue(info.hasFrameReordering)
        XCTAssertEqual(info.frameCount, 90)
    }

    func testClipsAbutOnTheTimeline() throws {
        let a = try clip("a", frames: 60, gop: 30), b = try clip("b", frames: 45, gop: 15)
        let stitched = try plan([VideoClipRequest(path: "a"), VideoClipRequest(path: "b", inPoint: try t(15))], infos: [a, b])
        XCTAssertEqual(stitched.segments.map(\.timelineRange), [try MediaTimeRange(start: .zero, end: try t(60)),
                                                               try MediaTimeRange(start: try t(60), end: try t(90))])
        XCTAssertEqual(stitched.segments[1].packetRange, 15..<45)
        XCTAssertEqual(stitched.duration, try t(90))
    }

    func testInPointMustBeAKeyframeUnlessSnapped() throws {
        let a = try clip("a", frames: 90, gop: 30)
        XCTAssertThrowsError(try plan([VideoClipRequest(path: "a", inPoint: try t(40))], infos: [a])) { error in
            XCTAssertEqual(error as? VideoStitchError, .notOnKeyframe(path: "a", time: 40.0 / 30, keyframeBefore: 1, keyframeAfter: 2))
        }
        let snapped = try plan([VideoClipRequest(path: "a", inPoint: try t(40))], infos: [a], snap: true)
        XCTAssertEqual(snapped.segments[0].sourceRange.start, try t(30))
        XCTAssertEqual(snapped.snaps.map(\.target), [.keyframe])
    }

    func testOutPointWithoutBFramesCutsAtAnyFrame() throws {
        let a = try clip("a", frames: 90, gop: 30)
        let stitched = try plan([VideoClipRequest(path: "a", outPoint: try t(47))], infos: [a])
        XCTAssertEqual(stitched.segments[0].frameCount, 47)
        XCTAssertNil(stitched.segments[0].outPointSnap)
    }

    func testOutPointWithBFramesSnapsBackToAKeyframe() throws {
        let a = try clip("a", frames: 90, gop: 30, bFrames: true)
        let stitched = try plan([VideoClipRequest(path: "a", outPoint: try t(47))], infos: [a])
        XCTAssertEqual(stitched.segments[0].sourceRange.end, try t(30))
        XCTAssertEqual(stitched.segments[0].outPointSnap?.target, .keyframe)
        XCTAssertThrowsError(try plan([VideoClipRequest(path: "a", inPoint: try t(30), outPoint: try t(45))], infos: [a])) { error in
            guard case let .invalidTrim(_, reason)? = error as? VideoStitchError else { return XCTFail("\(error)") }
            XCTAssertTrue(reason.contains("leaves no frames"), reason)
        }
    }

    func testIncompatibleFormatsAreNamed() throws {
        var portrait = format
        portrait.rotation = 90
        let a = try clip("a", frames: 30, gop: 30), b = try clip("b", frames: 30, gop: 30, format: portrait)
        XCTAssertThrowsError(try plan([VideoClipRequest(path: "a"), VideoClipRequest(path: "b")], infos: [a, b])) { error in
            XCTAssertEqual(error as? VideoStitchError,
                           .incompatibleClips(path: "b", previous: "a", differences: ["orientation: rotation 90° vs 0°"]))
        }
        // Without the check (an audio-only preview) they still make a timeline.
        XCTAssertEqual(try VideoStitchPlan(clips: [VideoClipRequest(path: "a"), VideoClipRequest(path: "b")],
                                           infos: ["a": a, "b": b], checkCompatibility: false).duration, try t(60))
    }

    func testReplanningUsesTheScansItHolds() throws {
        let a = try clip("a", frames: 90, gop: 30)
        let full = try plan([VideoClipRequest(path: "a")], infos: [a])
        let part = try full.replanned(clips: [VideoClipRequest(path: "a", inPoint: try t(35), outPoint: try t(70))], snapToKeyframes: true)
        XCTAssertEqual(part.segments[0].sourceRange, try MediaTimeRange(start: try t(30), end: try t(70)))
        XCTAssertThrowsError(try full.replanned(clips: [VideoClipRequest(path: "other")], snapToKeyframes: true)) { error in
            XCTAssertEqual(error as? VideoStitchError, .clipNotScanned(path: "other"))
        }
        XCTAssertThrowsError(try plan([], infos: [a])) { XCTAssertEqual($0 as? VideoStitchError, .noClips) }
    }
}
