import Foundation
import MixdownComposition
import MixdownMediaIO
import MixdownTime
import MixdownTestSupport
import XCTest

/// Planning a stream-copied video track on the fixtures (30 fps H.264 with
/// B-frames, a keyframe every second, time base 1/15360).
final class VideoStitchPlanTests: XCTestCase {
    private func clip(_ name: String, in inPoint: Double? = nil, out outPoint: Double? = nil) throws -> VideoClipRequest {
        VideoClipRequest(path: Fixture.path(name), inPoint: try inPoint.map(seconds), outPoint: try outPoint.map(seconds))
    }

    func testClipInfoReadsFormatAndKeyframes() throws {
        let info = try VideoClipInfo(path: Fixture.path("clip-a.mp4"))
        XCTAssertEqual(info.format.codec, "h264")
        XCTAssertEqual(info.format.profile, "High")
        XCTAssertEqual(info.format.width, 640)
        XCTAssertEqual(info.format.height, 360)
        XCTAssertEqual(info.format.pixelFormat, "yuv420p")
        XCTAssertEqual(info.format.rotation, 0)
        XCTAssertEqual(info.timeBase, try TimeBase(1, 15_360))
        XCTAssertEqual(info.frameCount, 180)
        XCTAssertEqual(info.duration, try seconds(6))
        XCTAssertTrue(info.hasFrameReordering)
        XCTAssertEqual(info.keyframeTimes, try (0..<6).map { try seconds(Double($0)) })
        XCTAssertFalse(info.format.decoderConfiguration.isEmpty)
        XCTAssertEqual(info.format.decoderConfiguration.first, 1, "an avcC record starts with version 1")
        XCTAssertEqual(try VideoClipInfo(path: Fixture.path("portrait.mp4")).format.rotation, 90)
    }

    func testClipsFollowEachOtherOnTheTimeline() throws {
        let plan = try stitchPlan([clip("clip-a.mp4"), clip("clip-b.mp4"), clip("clip-c.mp4")])
        XCTAssertEqual(plan.segments.map(\.frameCount), [180, 150, 120])
        XCTAssertEqual(plan.segments.map(\.sourceRange), [
            try MediaTimeRange(start: .zero, end: seconds(6)),
            try MediaTimeRange(start: .zero, end: seconds(5)),
            try MediaTimeRange(start: .zero, end: seconds(4)),
        ])
        XCTAssertEqual(plan.segments.map(\.timelineRange), [
            try MediaTimeRange(start: .zero, end: seconds(6)),
            try MediaTimeRange(start: seconds(6), end: seconds(11)),
            try MediaTimeRange(start: seconds(11), end: seconds(15)),
        ])
        XCTAssertEqual(plan.segments.map(\.clipIndex), [0, 1, 2])
        XCTAssertEqual(plan.duration, try seconds(15))
        XCTAssertEqual(plan.format.width, 640)
        XCTAssertEqual(plan.format.height, 360)
        XCTAssertEqual(plan.format.rotation, 0)
        XCTAssertTrue(plan.snaps.isEmpty)
        // Exact, on the stream's 1/15360 grid, and in seconds.
        XCTAssertEqual(try plan.segments[1].timelineRange.start.converted(toTimescale: 15_360).value, 92_160)
    }

    func testTrimsOnKeyframesAreKept() throws {
        let plan = try stitchPlan([clip("clip-a.mp4", in: 1, out: 4), clip("clip-c.mp4", in: 2)])
        XCTAssertEqual(plan.segments.map(\.sourceRange), [
            try MediaTimeRange(start: seconds(1), end: seconds(4)),
            try MediaTimeRange(start: seconds(2), end: seconds(4)),
        ])
        XCTAssertEqual(plan.segments.map(\.timelineRange.start), [.zero, try seconds(3)])
        XCTAssertEqual(plan.segments.map(\.frameCount), [90, 60])
        XCTAssertEqual(plan.duration, try seconds(5))
        XCTAssertTrue(plan.snaps.isEmpty)
        // Keyframes sit at decoding indices 30, 60, ...; the last shown frame is one frame before the out-point.
        XCTAssertEqual(plan.segments.map(\.packetRange), [30..<120, 60..<120])
        XCTAssertEqual(plan.segments[0].lastFrameTime, try MediaTime(value: 119, timescale: 30))
        XCTAssertEqual(plan.segments[0].description,
                       "\(Fixture.path("clip-a.mp4")) [1s, 4s) at [0s, 3s), 90 frames")
    }

    func testInPointOffKeyframeIsRefusedWithTheNeighbours() throws {
        let error = caught(VideoStitchError.self, try stitchPlan([clip("clip-a.mp4", in: 1.5)]))
        XCTAssertEqual(error, .notOnKeyframe(path: Fixture.path("clip-a.mp4"), time: 1.5, keyframeBefore: 1, keyframeAfter: 2))
        let message = error?.description ?? ""
        print("in-point error: \(message)")
        XCTAssertTrue(message.contains("1.5s"), message)
        XCTAssertTrue(message.contains("1s before"), message)
        XCTAssertTrue(message.contains("2s after"), message)
    }

    func testSnapMovesTheInPointBackToTheKeyframe() throws {
        let plan = try stitchPlan([clip("clip-a.mp4", in: 1.5), clip("clip-c.mp4", in: 0.2)], snapToKeyframes: true)
        XCTAssertEqual(plan.segments[0].sourceRange, try MediaTimeRange(start: seconds(1), end: seconds(6)))
        XCTAssertEqual(plan.segments[1].sourceRange, try MediaTimeRange(start: .zero, end: seconds(4)))
        XCTAssertEqual(plan.segments[1].timelineRange.start, try seconds(5))
        let snap = try XCTUnwrap(plan.segments[0].inPointSnap)
        XCTAssertEqual(snap.edge, .inPoint)
        XCTAssertEqual(snap.requested, try seconds(1.5))
        XCTAssertEqual(snap.actual, try seconds(1))
        XCTAssertEqual(snap.target, .keyframe)
        XCTAssertEqual(plan.snaps.count, 2)
        print("snaps: " + plan.snaps.map(\.description).joined(separator: " | "))
        XCTAssertEqual(snap.description, "\(Fixture.path("clip-a.mp4")): in-point 1.5s moved back to the keyframe at 1s")
    }

    /// With B-frames an out-point can only be just before a keyframe or the clip end.
    func testOutPointSnapsBackToAKeyframeWithBFrames() throws {
        let plan = try stitchPlan([clip("clip-a.mp4", out: 2.5), clip("clip-b.mp4", in: 1, out: 3)])
        XCTAssertEqual(plan.segments[0].sourceRange, try MediaTimeRange(start: .zero, end: seconds(2)))
        XCTAssertEqual(plan.segments[0].frameCount, 60)
        let snap = try XCTUnwrap(plan.segments[0].outPointSnap)
        XCTAssertEqual(snap.edge, .outPoint)
        XCTAssertEqual(snap.requested, try seconds(2.5))
        XCTAssertEqual(snap.actual, try seconds(2))
        XCTAssertNil(plan.segments[1].outPointSnap, "3 s is a keyframe: kept")
        XCTAssertEqual(plan.segments[1].sourceRange, try MediaTimeRange(start: seconds(1), end: seconds(3)))
        XCTAssertEqual(plan.duration, try seconds(4))
        // Out-point at the clip end, given explicitly.
        XCTAssertNil(try stitchPlan([clip("clip-a.mp4", out: 6)]).segments[0].outPointSnap)
    }

    func testTrimsOutsideTheClipAreRefused() throws {
        let path = Fixture.path("clip-a.mp4")
        for (request, fragment) in [
            (try clip("clip-a.mp4", out: 7), "after the clip's end (6s)"),
            (try clip("clip-a.mp4", in: 6), "not before the clip's end"),
            (try clip("clip-a.mp4", in: -1), "before the clip's start"),
            (try clip("clip-a.mp4", in: 2, out: 2), "not after the in-point"),
            (try clip("clip-a.mp4", in: 2, out: 2.9), "leaves no frames"),
        ] {
            let error = caught(VideoStitchError.self, try stitchPlan([request]))
            guard case let .invalidTrim(errorPath, reason)? = error else {
                XCTFail("\(request): expected invalidTrim, got \(String(describing: error))")
                continue
            }
            XCTAssertEqual(errorPath, path)
            XCTAssertTrue(reason.contains(fragment), reason)
        }
        print("trim error: \(caught(VideoStitchError.self, try stitchPlan([clip("clip-a.mp4", in: 2, out: 2.9)]))?.description ?? "")")
        XCTAssertEqual(caught(VideoStitchError.self, try stitchPlan([])), .noClips)
    }

    func testOtherSizeCannotFollow() throws {
        let error = caught(VideoStitchError.self, try stitchPlan([clip("clip-a.mp4"), clip("other-size.mp4")]))
        guard case let .incompatibleClips(path, previous, differences)? = error else {
            return XCTFail("expected incompatibleClips, got \(String(describing: error))")
        }
        XCTAssertEqual(path, Fixture.path("other-size.mp4"))
        XCTAssertEqual(previous, Fixture.path("clip-a.mp4"))
        XCTAssertTrue(differences.contains("size 320x240 vs 640x360"), "\(differences)")
        XCTAssertTrue(differences.contains { $0.hasPrefix("decoder configuration") }, "\(differences)")
        let message = error?.description ?? ""
        print("size error: \(message)")
        XCTAssertTrue(message.hasPrefix("\(Fixture.path("other-size.mp4")) cannot follow \(Fixture.path("clip-a.mp4")) in one video track: "), message)
    }

    func testDifferentOrientationCannotFollow() throws {
        let error = caught(VideoStitchError.self, try stitchPlan([clip("clip-a.mp4"), clip("portrait.mp4")]))
        guard case let .incompatibleClips(path, _, differences)? = error else {
            return XCTFail("expected incompatibleClips, got \(String(describing: error))")
        }
        XCTAssertEqual(path, Fixture.path("portrait.mp4"))
        XCTAssertEqual(differences, ["orientation: rotation 90° vs 0°"], "same coded size and avcC: only the rotation differs")
        print("orientation error: \(error?.description ?? "")")
    }

    func testTruncatedClipIsRefused() throws {
        let error = caught(MediaIOError.self, try stitchPlan([clip("clip-a.mp4"), clip("truncated.mp4")]))
        guard case let .unreadableMedia(path, reason)? = error else {
            return XCTFail("expected unreadableMedia, got \(String(describing: error))")
        }
        XCTAssertEqual(path, Fixture.path("truncated.mp4"))
        XCTAssertTrue(reason.contains("truncated"), reason)
        XCTAssertTrue(reason.contains("of the 180"), reason)
        print("truncated error: \(error?.description ?? "")")
    }

    func testMissingAndNonMediaClipsAreRefused() throws {
        guard case .missingInput? = caught(MediaIOError.self, try stitchPlan([clip("no-such-clip.mp4")])) else {
            return XCTFail("expected missingInput")
        }
        guard case .unreadableMedia? = caught(MediaIOError.self, try stitchPlan([clip("not-media.mp4")])) else {
            return XCTFail("expected unreadableMedia")
        }
        guard case .noStream(_, "video")? = caught(MediaIOError.self, try stitchPlan([clip("click-48k.m4a")])) else {
            return XCTFail("expected noStream video")
        }
    }
}
