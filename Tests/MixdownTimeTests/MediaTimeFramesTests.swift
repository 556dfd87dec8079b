import MixdownTime
import XCTest

/// Frame arithmetic on the grid of a frame duration, exact where `Double` is not:
/// whole frames, the nearest frame, the n-th frame's time, frame counts of ranges,
/// progress through a range, and halves.
final class MediaTimeFramesTests: XCTestCase {
    private let pal = MediaTime.milliseconds(40)
    private var ntsc: MediaTime { get throws { try time(1001, 30_000) } }

    func testWholeFramesFloorAndNearestFrameRoundsHalfUp() throws {
        XCTAssertEqual(try time(1).wholeFrames(of: pal), 25)
        XCTAssertEqual(try time(999_999_999, 1_000_000_000).wholeFrames(of: pal), 24, "a nanosecond short of 25 frames")
        XCTAssertEqual(try time(1_040_000_001, 1_000_000_000).wholeFrames(of: pal), 26)
        XCTAssertEqual(try MediaTime.zero.wholeFrames(of: pal), 0)
        // 3.5 frames of 2/3 s: odd values on both sides.
        XCTAssertEqual(try time(7, 3).wholeFrames(of: time(2, 3)), 3)
        XCTAssertEqual(try time(7, 3).nearestFrame(of: time(2, 3)), 4, "an exact half rounds up")
        XCTAssertEqual(try time(69, 30).nearestFrame(of: time(2, 3)), 3, "3.45 frames")
        // Negative: -0.5 frames is frame -1 begun, frame 0 nearest; -1.5 is frame -1 nearest.
        XCTAssertEqual(try time(-1, 3).wholeFrames(of: time(2, 3)), -1)
        XCTAssertEqual(try time(-1, 3).nearestFrame(of: time(2, 3)), 0)
        XCTAssertEqual(try time(-1).nearestFrame(of: time(2, 3)), -1)
    }

    func testWholeFramesAreExactWhereDoubleIsNot() throws {
        // 0.3 s / 0.1 s is 2.9999999999999996 in Double: floored, 2 frames.
        XCTAssertEqual(0.3 / 0.1, 2.9999999999999996)
        XCTAssertEqual(try time(3, 10).wholeFrames(of: time(1, 10)), 3)
        // 0.5 s of 20 ms frames, the transition length an epsilon once hid.
        XCTAssertEqual(try time(1, 2).wholeFrames(of: .milliseconds(20)), 25)
        // 2^53 + 1 frames of 1 s.
        XCTAssertEqual(try time((1 << 53) + 1).wholeFrames(of: time(1)), (1 << 53) + 1)
    }

    func testNTSCFrames() throws {
        let frame = try ntsc
        XCTAssertEqual(try time(1).wholeFrames(of: frame), 29, "29.97 frames in a second")
        XCTAssertEqual(try time(1).nearestFrame(of: frame), 30)
        XCTAssertEqual(try time(1).nearestFrame(of: frame), try time(1).frameIndex(frameRate: FrameRate(30_000, 1001)),
                       "the nearest frame of a duration is the frame index of its rate")
        // 1000 frames are exactly 1001/30 s; one tick of 1/90000 less is 999 whole frames.
        let thousand = try time(1001, 30)
        XCTAssertEqual(try thousand.wholeFrames(of: frame), 1000)
        XCTAssertEqual(try (thousand - time(1, 90_000)).wholeFrames(of: frame), 999)
        XCTAssertEqual(try (thousand - time(1, 90_000)).nearestFrame(of: frame), 1000)
        XCTAssertEqual(try MediaTime(frameIndex: 1000, frameDuration: frame), thousand)
        // 3003 ticks of 1/90000 is one NTSC frame.
        XCTAssertEqual(try time(3003 * 7, 90_000).wholeFrames(of: frame), 7)
    }

    func testTimesOnTheFrameGridKeepTheFrameDurationsTimescale() throws {
        let frame = try time(2, 3)
        let floored = try time(7, 3).flooredToFrame(of: frame)
        XCTAssertEqual(floored, try time(2))
        XCTAssertEqual(floored.timescale, 3)
        XCTAssertEqual(try time(7, 3).roundedToFrame(of: frame), try time(8, 3))
        XCTAssertEqual(try time(69, 30).roundedToFrame(of: frame), try time(2))
        let nth = try MediaTime(frameIndex: 30_000, frameDuration: ntsc)
        XCTAssertEqual(nth, try time(1001))
        XCTAssertEqual(nth.timescale, 30_000)
        XCTAssertEqual(try MediaTime(frameIndex: -2, frameDuration: pal), try time(-2, 25))
    }

    func testLargeTimescales() throws {
        // Int64.max ticks of 1/Int32.max, in frames of one tick: the 128-bit quotient fits.
        XCTAssertEqual(try time(.max, .max).wholeFrames(of: time(1, .max)), .max)
        XCTAssertEqual(try time(.max, .max).nearestFrame(of: time(1, .max)), .max)
        // A frame of Int64.max s over a time of 1/Int32.max s: no whole frame.
        XCTAssertEqual(try time(1, .max).wholeFrames(of: time(.max)), 0)
        XCTAssertEqual(try time(1, .max).nearestFrame(of: time(.max)), 0)
        let range = try MediaTimeRange(start: .zero, duration: time(.max, .max))
        XCTAssertEqual(try range.frameCount(frameDuration: time(1, .max)), .max)
    }

    func testOverflowAndInvalidFrameDurations() throws {
        assertThrows(.overflow("whole frames of 9223372036854775807s in frames of 0s"),
                     try time(.max).wholeFrames(of: time(1, .max)))
        assertThrows(.overflow("nearest frame of -9223372036854775808s in frames of 0.000001s"),
                     try time(.min).nearestFrame(of: .microseconds(1)))
        assertThrows(.overflow("frame 9223372036854775807 of 2s"), try MediaTime(frameIndex: .max, frameDuration: time(2)))
        // The frames fit; their time does not.
        assertThrows(.overflow("frame 6148914691236517204 of 1.5s"), try time(.max).flooredToFrame(of: time(3, 2)))
        for bad in [MediaTime.zero, try time(-1, 25)] {
            assertThrows(.invalidFrameDuration(bad), try time(1).wholeFrames(of: bad))
            assertThrows(.invalidFrameDuration(bad), try time(1).nearestFrame(of: bad))
            assertThrows(.invalidFrameDuration(bad), try time(1).flooredToFrame(of: bad))
            assertThrows(.invalidFrameDuration(bad), try MediaTime(frameIndex: 1, frameDuration: bad))
            assertThrows(.invalidFrameDuration(bad), try range(.zero, time(1)).frameCount(frameDuration: bad))
        }
        XCTAssertEqual(MediaTimeError.invalidFrameDuration(try time(-1, 25)).description, "frame duration must be positive, got -0.04s")
    }

    func testFrameCountOfARangeCountsEveryFrameBegun() throws {
        XCTAssertEqual(try range(.zero, time(1)).frameCount(frameDuration: pal), 25)
        XCTAssertEqual(try range(time(1, 3), time(4, 3)).frameCount(frameDuration: pal), 25, "wherever it starts")
        // One tick past 25 frames begins a 26th; one tick short still shows 25.
        XCTAssertEqual(try range(.zero, time(90_001, 90_000)).frameCount(frameDuration: pal), 26)
        XCTAssertEqual(try range(.zero, time(89_999, 90_000)).frameCount(frameDuration: pal), 25)
        XCTAssertEqual(try range(.zero, time(1_000_000_001, 1_000_000_000)).frameCount(frameDuration: pal), 26,
                       "a frame begun a nanosecond before the end counts: no epsilon")
        XCTAssertEqual(try range(.zero, time(1001, 30)).frameCount(frameDuration: ntsc), 1000)
        XCTAssertEqual(try range(.zero, time(3, 10)).frameCount(frameDuration: time(1, 10)), 3, "0.3 / 0.1, exactly")
        XCTAssertEqual(try MediaTimeRange(emptyAt: time(5)).frameCount(frameDuration: pal), 0)
    }

    func testProgressThroughARangeIsExact() throws {
        let ramp = try range(time(2), time(4))
        XCTAssertEqual(ramp.progress(at: try time(1)), 0)
        XCTAssertEqual(ramp.progress(at: try time(2)), 0)
        XCTAssertEqual(ramp.progress(at: try time(3)), 0.5)
        XCTAssertEqual(ramp.progress(at: try time(7, 2)), 0.75)
        XCTAssertEqual(ramp.progress(at: try time(4)), 1)
        XCTAssertEqual(ramp.progress(at: try time(9)), 1)
        // Frame k of a 30-frame NTSC ramp is exactly k/30 of the way.
        let start = try time(1001 * 90, 30_000)
        let thirty = try MediaTimeRange(start: start, duration: time(1001, 1000))
        for k: Int64 in [1, 10, 15, 29] {
            XCTAssertEqual(thirty.progress(at: try start + MediaTime(frameIndex: k, frameDuration: ntsc)), Double(k) / 30)
        }
        // Times a Double cannot tell apart.
        let far = try MediaTimeRange(start: time(.max - 10), duration: time(10))
        XCTAssertEqual(far.progress(at: try time(.max - 5)), 0.5)
        // An empty range is a step at its start.
        let step = MediaTimeRange(emptyAt: try time(1))
        XCTAssertEqual(step.progress(at: try time(1)), 0)
        XCTAssertEqual(step.progress(at: try time(2)), 1)
    }

    func testHalvesAreExact() throws {
        let three = try time(3).halved()
        XCTAssertEqual(three, try time(3, 2))
        XCTAssertEqual(try time(4, 10).halved().timescale, 10, "an even value is halved in place")
        XCTAssertEqual(try time(-3).halved(), try time(-3, 2))
        XCTAssertEqual(try ntsc.halved(), try time(1001, 60_000))
        // A timescale past 1073741823 cannot double; in lowest terms (1/357913942) it can.
        let reducible = try time(3, 1_073_741_826).halved()
        XCTAssertEqual(reducible, try time(1, 715_827_884))
        XCTAssertEqual(reducible.timescale, 715_827_884)
        // 5/1073741826 is in lowest terms with an odd value: its half has no Int32
        // timescale and is rounded half up to its own, half a tick off.
        XCTAssertEqual(try time(5, 1_073_741_826).halved(), try time(3, 1_073_741_826))
        XCTAssertEqual(try time(.max, .max).halved(), try time(1 << 62, .max), "never traps")
        XCTAssertEqual(try time(-5, 1_073_741_826).halved(), try time(-2, 1_073_741_826))
    }
}
