import MixdownComposition
import MixdownTime
import MixdownUnits
import XCTest

/// The picture's timing in exact time: a transition's checked length, its clamp
/// to half the shorter clip taken down to whole frames, the fade-through's middle
/// frame, and the frames of a range, at NTSC's 1001/30000 s and at frames a
/// `Double` cannot divide.
final class TransitionTimingTests: XCTestCase {
    private var size: PixelSize { get throws { try PixelSize(width: 640, height: 360) } }
    private var ntsc: MediaTime { get throws { try MediaTime(value: 1001, timescale: 30_000) } }

    private func time(_ value: Int64, _ timescale: Int32 = 1) throws -> MediaTime {
        try MediaTime(value: value, timescale: timescale)
    }

    private func timeline(_ lengths: [MediaTime], _ transition: Transition, frame: MediaTime) throws -> VideoTimeline {
        let clips = try lengths.enumerated().map { index, length in
            VideoTimelineClip(sourceRange: try MediaTimeRange(start: .zero, duration: length), transitionIn: index == 0 ? nil : transition)
        }
        return try VideoTimeline(clips: clips, trackIDs: (1, 2), renderSize: size, frameDuration: frame)
    }

    func testATransitionsLengthIsCheckedWhereverItIsMade() throws {
        XCTAssertEqual(try Transition(kind: .dissolve, duration: time(1, 2)).duration, try time(1, 2))
        XCTAssertEqual(Transition(kind: .pushUp).duration, Transition.defaultDuration)
        for bad in [MediaTime.zero, try time(-1, 2)] {
            XCTAssertThrowsError(try Transition(kind: .dissolve, duration: bad)) {
                XCTAssertEqual("\($0)", "dissolve:\(bad.readable) (the length is not a positive time): expected \(Transition.expected)")
            }
        }
        // The parser refuses the same, quoting what was typed.
        for text in ["dissolve:0", "dissolve:-1", "dissolve:soon"] {
            XCTAssertThrowsError(try Transition(parsing: text)) {
                XCTAssertEqual("\($0)", "\"\(text)\" (the length is not a positive time): expected \(Transition.expected)")
            }
        }
    }

    /// 2 s and 3 s clips at 29.97 fps: half the shorter is 1 s, 29.97 frames, so 29.
    func testTheClampIsHalfTheShorterClipInWholeNTSCFrames() throws {
        let placed = try timeline([time(2), time(3)], Transition(kind: .dissolve, duration: time(5)), frame: ntsc)
        let transition = try XCTUnwrap(placed.transitions.first)
        XCTAssertEqual(transition.timeRange.duration, try time(29 * 1001, 30_000))
        XCTAssertTrue(transition.isClamped)
        XCTAssertEqual(placed.duration, try time(5) - time(29 * 1001, 30_000))
        // Asked for exactly 12 frames, it gets 12; a tick of 1/90000 less, 11.
        let twelve = try time(12 * 1001, 30_000)
        XCTAssertEqual(try timeline([time(2), time(3)], Transition(kind: .dissolve, duration: twelve), frame: ntsc)
            .transitions[0].timeRange.duration, twelve)
        XCTAssertEqual(try timeline([time(2), time(3)], Transition(kind: .dissolve, duration: twelve - time(1, 90_000)), frame: ntsc)
            .transitions[0].timeRange.duration, try time(11 * 1001, 30_000))
    }

    /// Half of two 0.6 s clips is 0.3 s: three 0.1 s frames exactly, where 0.3 / 0.1 is
    /// 2.9999999999999996 in `Double`.
    func testHalfTheShorterClipIsExact() throws {
        let tenth = try time(1, 10)
        let placed = try timeline([time(6, 10), time(6, 10)], Transition(kind: .wipeLeft, duration: time(1)), frame: tenth)
        XCTAssertEqual(placed.transitions[0].timeRange, try MediaTimeRange(start: time(3, 10), duration: time(3, 10)))
        // Odd lengths: half of 7/3 s in frames of 1/3 s is 7/6 s, three whole frames.
        let third = try timeline([time(7, 3), time(4)], Transition(kind: .dissolve, duration: time(2)), frame: time(1, 3))
        XCTAssertEqual(third.transitions[0].timeRange.duration, try time(1))
    }

    /// A transition a hair short of three frames lasts two: the old `+1e-9` frame
    /// made it three, longer than asked (frames of 100 s make the hair 5e-12 frames).
    func testATransitionIsNeverLongerThanAsked() throws {
        let asked = try time(599_999_999_999, 2_000_000_000)
        let placed = try timeline([time(1000), time(1000)], Transition(kind: .dissolve, duration: asked), frame: time(100))
        XCTAssertEqual(placed.transitions[0].timeRange.duration, try time(200))
        XCTAssertLessThanOrEqual(placed.transitions[0].timeRange.duration, asked)
    }

    /// Fade-through turns on the middle frame: after 7 of 15 NTSC frames, after 2 of 4.
    func testTheFadeThroughMiddleFrameIsOnTheGrid() throws {
        let frame = try ntsc
        let fifteen = try timeline([time(2), time(2)], Transition(kind: .fadeThrough, duration: time(15 * 1001, 30_000)), frame: frame)
        let range = fifteen.transitions[0].timeRange
        let middle = try range.start + MediaTime(frameIndex: 7, frameDuration: frame)
        let fade = try XCTUnwrap(fifteen.videoComposition.instruction(at: range.start))
        XCTAssertEqual(fade.layerInstructions[0].opacityRamps.map(\.timeRange), [try MediaTimeRange(start: range.start, end: middle)])
        XCTAssertEqual(fade.layerInstructions[1].opacityRamps.map(\.timeRange),
                       [try MediaTimeRange(start: range.start, end: middle), try MediaTimeRange(start: middle, end: range.end)])
        XCTAssertEqual(fade.layerInstructions[0].opacity(at: middle), 0)
        XCTAssertEqual(fade.layerInstructions[1].opacity(at: middle), 0, "the background shows on the middle frame")

        let four = try timeline([time(1), time(1)], Transition(kind: .fadeThrough, duration: time(4, 25)), frame: .milliseconds(40))
        let turn = try four.transitions[0].timeRange.start + MediaTime.milliseconds(80)
        XCTAssertEqual(four.videoComposition.instruction(at: turn)?.layerInstructions[1].opacityRamps.last?.timeRange.start, turn)
    }

    /// One frame every frame duration from the range's start, the last one beginning before its end.
    func testFrameCountOfARange() throws {
        let composition = VideoComposition(renderSize: try size, frameDuration: try ntsc)
        XCTAssertEqual(composition.frameCount(in: try MediaTimeRange(start: .zero, duration: time(1001, 30))), 1000)
        XCTAssertEqual(composition.frameCount(in: try MediaTimeRange(start: time(1, 3), duration: time(1))), 30, "29.97 frames begin in a second")
        XCTAssertEqual(composition.frameCount(in: try MediaTimeRange(start: .zero, duration: time(3003 * 10 + 1, 90_000))), 11)
        XCTAssertEqual(composition.frameCount(in: MediaTimeRange(emptyAt: try time(4))), 0)
        let tenths = VideoComposition(renderSize: try size, frameDuration: try time(1, 10))
        XCTAssertEqual(tenths.frameCount(in: try MediaTimeRange(start: .zero, duration: time(3, 10))), 3, "0.3 / 0.1, exactly")
        XCTAssertEqual(VideoComposition(renderSize: try size, frameDuration: .zero).frameCount(in: try MediaTimeRange(start: .zero, duration: time(1))), 0)
    }
}
