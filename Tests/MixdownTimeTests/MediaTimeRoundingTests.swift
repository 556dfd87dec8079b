import MixdownTime
import XCTest

final class MediaTimeRoundingTests: XCTestCase {
    func testSampleIndexOfWholeAndFractionalSeconds() throws {
        let t = try time(25, 2)  // 12.5 s
        XCTAssertEqual(try t.sampleIndex(sampleRate: 48_000), 600_000)
        XCTAssertEqual(try t.sampleIndex(sampleRate: 44_100), 551_250)
        XCTAssertEqual(try time(1, 3).sampleIndex(sampleRate: 48_000), 16_000)
        XCTAssertEqual(try MediaTime.zero.sampleIndex(sampleRate: 48_000), 0)
    }

    func testExactHalfSampleRoundsUp() throws {
        // 1/96000 s is exactly half a sample at 48 kHz.
        XCTAssertEqual(try time(1, 96_000).sampleIndex(sampleRate: 48_000), 1)
        // 0.5/48000 s written with another timescale.
        XCTAssertEqual(try time(5, 480_000).sampleIndex(sampleRate: 48_000), 1)
        // 1.5 and 2.5 samples: half up, not half to even.
        XCTAssertEqual(try time(3, 96_000).sampleIndex(sampleRate: 48_000), 2)
        XCTAssertEqual(try time(5, 96_000).sampleIndex(sampleRate: 48_000), 3)
    }

    func testJustBelowAndAboveHalf() throws {
        // 0.499968 and 0.500016 samples at 48 kHz.
        XCTAssertEqual(try time(10_416, 1_000_000_000).sampleIndex(sampleRate: 48_000), 0)
        XCTAssertEqual(try time(10_417, 1_000_000_000).sampleIndex(sampleRate: 48_000), 1)
        // 0.499996 and 0.500004 samples at 8 kHz.
        let justBelow = try time(124_999, 2_000_000_000)
        XCTAssertEqual(try justBelow.sampleIndex(sampleRate: 8_000), 0)
        let justAbove = try time(125_001, 2_000_000_000)
        XCTAssertEqual(try justAbove.sampleIndex(sampleRate: 8_000), 1)
    }

    func testNegativeTimesUseFloorOfXPlusHalf() throws {
        // -0.5 samples -> floor(0) = 0; -1.5 -> -1; -0.51 -> -1.
        XCTAssertEqual(try time(-1, 96_000).sampleIndex(sampleRate: 48_000), 0)
        XCTAssertEqual(try time(-3, 96_000).sampleIndex(sampleRate: 48_000), -1)
        XCTAssertEqual(try time(-51, 800_000).sampleIndex(sampleRate: 8_000), -1)
        XCTAssertEqual(try time(-49, 800_000).sampleIndex(sampleRate: 8_000), 0)
        XCTAssertEqual(try time(-2).sampleIndex(sampleRate: 48_000), -96_000)
    }

    func testSampleIndexIsExactWhereDoubleIsNot() throws {
        // Sample 2^53 + 1 at 8 kHz: not representable as a Double.
        let t = try time((1 << 53) + 1, 8_000)
        XCTAssertEqual(try t.sampleIndex(sampleRate: 8_000), (1 << 53) + 1)
        // A 128-bit intermediate: value * rate exceeds Int64 but the index fits.
        let big = try time(.max, 384_000)
        XCTAssertEqual(try big.sampleIndex(sampleRate: 384_000), .max)
    }

    func testSampleIndexErrors() throws {
        assertThrows(
            .overflow("sample index of 9223372036854775807s at 48000 Hz"),
            try time(.max).sampleIndex(sampleRate: 48_000))
    }

    func testSampleIndexRoundTripsThroughSampleTime() throws {
        for index: Int64 in [0, 1, 47_999, 48_000, 123_456_789, -5] {
            let t = MediaTime(sampleIndex: index, sampleRate: 48_000)
            XCTAssertEqual(try t.sampleIndex(sampleRate: 48_000), index)
        }
    }

    func testFrameIndexAtNTSCRate() throws {
        let ntsc = try FrameRate(30_000, 1001)
        // Frame n starts at n * 1001/30000 s.
        XCTAssertEqual(try time(1001, 30_000).frameIndex(frameRate: ntsc), 1)
        XCTAssertEqual(try time(1001 * 1_798, 30_000).frameIndex(frameRate: ntsc), 1_798)
        // 60 s is 1798.2 frames -> 1798; 1 s is 29.97 -> 30.
        XCTAssertEqual(try time(60).frameIndex(frameRate: ntsc), 1_798)
        XCTAssertEqual(try time(1).frameIndex(frameRate: ntsc), 30)
        // Half a frame, 1001/60000 s, rounds up to frame 1; just before stays 0.
        XCTAssertEqual(try time(1001, 60_000).frameIndex(frameRate: ntsc), 1)
        XCTAssertEqual(try time(1000, 60_000).frameIndex(frameRate: ntsc), 0)
        XCTAssertEqual(try time(-1001, 60_000).frameIndex(frameRate: ntsc), 0)
    }

    func testFrameIndexAtIntegerRate() throws {
        let pal = try FrameRate(25)
        XCTAssertEqual(try time(25, 2).frameIndex(frameRate: pal), 313, "312.5 rounds up")
        XCTAssertEqual(try time(12).frameIndex(frameRate: pal), 300)
        assertThrows(
            .overflow("frame index of 9223372036854775807s at 25 fps"),
            try time(.max).frameIndex(frameRate: pal))
    }

    func testConvertedToTimescale() throws {
        let exact = try time(1, 2).converted(toTimescale: 48_000)
        XCTAssertEqual(exact.value, 24_000)
        XCTAssertEqual(exact.timescale, 48_000)
        XCTAssertEqual(try time(1, 3).converted(toTimescale: 1000).value, 333)
        XCTAssertEqual(try time(2, 3).converted(toTimescale: 1000).value, 667)
        XCTAssertEqual(try time(1, 2).converted(toTimescale: 1).value, 1, "half rounds up")
        XCTAssertEqual(try time(-1, 2).converted(toTimescale: 1).value, 0, "floor(-1/2 + 1/2)")
        XCTAssertEqual(try time(-3, 2).converted(toTimescale: 1).value, -1)
        assertThrows(.invalidTimescale(0), try time(1).converted(toTimescale: 0))
        assertThrows(
            .overflow("9223372036854775807s to timescale 2"),
            try time(.max).converted(toTimescale: 2))
    }

    func testSecondsProperty() throws {
        XCTAssertEqual(try time(25, 2).seconds, 12.5)
        XCTAssertEqual(try time(-1, 4).seconds, -0.25)
        XCTAssertEqual(try time(1, 3).seconds, 1.0 / 3.0)
    }

    func testInitFromSecondsRoundsToNearest() throws {
        XCTAssertEqual(try MediaTime(seconds: 12.5), try time(25, 2))
        XCTAssertEqual(try MediaTime(seconds: 12.5).timescale, 1_000_000)
        XCTAssertEqual(try MediaTime(seconds: 0.1).value, 100_000)
        XCTAssertEqual(try MediaTime(seconds: 1.0 / 3.0, preferredTimescale: 48_000).value, 16_000)
        XCTAssertEqual(try MediaTime(seconds: -0.25, preferredTimescale: 8).value, -2)
        XCTAssertEqual(try MediaTime(seconds: 0).value, 0)
        XCTAssertEqual(try MediaTime(seconds: -0.0).value, 0)
    }

    func testInitFromSecondsHalvesRoundUp() throws {
        // 0.5, 1.5, 2.5 ticks are exact in binary.
        XCTAssertEqual(try MediaTime(seconds: 0.5, preferredTimescale: 1).value, 1)
        XCTAssertEqual(try MediaTime(seconds: 2.5, preferredTimescale: 1).value, 3)
        XCTAssertEqual(try MediaTime(seconds: -0.5, preferredTimescale: 1).value, 0)
        XCTAssertEqual(try MediaTime(seconds: -2.5, preferredTimescale: 1).value, -2)
        // The Double nearest 0.15 is slightly below it: the exact binary value decides.
        XCTAssertEqual(try MediaTime(seconds: 0.15, preferredTimescale: 10).value, 1)
        // The Double nearest 0.25 is exact.
        XCTAssertEqual(try MediaTime(seconds: 0.25, preferredTimescale: 2).value, 1)
    }

    func testInitFromSecondsExtremes() throws {
        XCTAssertEqual(try MediaTime(seconds: .leastNonzeroMagnitude).value, 0)
        XCTAssertEqual(try MediaTime(seconds: -.leastNonzeroMagnitude).value, 0)
        XCTAssertEqual(try MediaTime(seconds: .leastNormalMagnitude).value, 0)
        XCTAssertEqual(try MediaTime(seconds: 0x1p62, preferredTimescale: 1).value, 1 << 62)
        XCTAssertEqual(try MediaTime(seconds: -0x1p63, preferredTimescale: 1).value, .min)
        assertThrows(.overflow("9223372036854775808s at timescale 1"), try MediaTime(seconds: 0x1p63, preferredTimescale: 1))
        assertThrows(.overflow("1e+300s at timescale 1000000"), try MediaTime(seconds: 1e300))
        assertThrows(.overflow("10000000000000s at timescale 1000000"), try MediaTime(seconds: 1e13))
    }

    func testInitFromSecondsErrors() {
        XCTAssertThrowsError(try MediaTime(seconds: .nan)) { error in
            guard case .nonFinite(let value)? = error as? MediaTimeError else {
                return XCTFail("unexpected \(error)")
            }
            XCTAssertTrue(value.isNaN)
        }
        assertThrows(.nonFinite(.infinity), try MediaTime(seconds: .infinity))
        assertThrows(.nonFinite(-.infinity), try MediaTime(seconds: -.infinity))
        assertThrows(.invalidTimescale(0), try MediaTime(seconds: 1, preferredTimescale: 0))
    }
}
