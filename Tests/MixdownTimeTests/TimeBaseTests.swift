import MixdownTime
import XCTest

/// Stream time bases: exact ticks to time, the one rounding rule back to ticks and samples.
final class TimeBaseTests: XCTestCase {
    func testTicksToTimeIsExact() throws {
        let base = try TimeBase(1, 90_000)
        XCTAssertEqual(try base.time(ticks: 180_000), try time(2))
        XCTAssertEqual(try TimeBase(1001, 30_000).time(ticks: 3), try time(3003, 30_000))
        XCTAssertEqual(try base.time(ticks: -45_000), try time(-1, 2))
        assertThrows(.overflow("9223372036854775807 ticks of 1001/30000 s"), try TimeBase(1001, 30_000).time(ticks: .max))
    }

    func testTimeToTicksRoundsHalfUp() throws {
        let base = try TimeBase(1, 10)
        XCTAssertEqual(try base.ticks(try time(25, 100)), 3, "0.25 s is 2.5 ticks: half up")
        XCTAssertEqual(try base.ticks(try time(-25, 100)), -2, "-2.5 ticks: half up, towards +∞")
        XCTAssertEqual(try base.ticks(try time(24, 100)), 2)
        XCTAssertEqual(try TimeBase(1, 15_360).ticks(try time(1)), 15_360)
    }

    func testTheFirstTickAtOrAfterATime() throws {
        let base = try TimeBase(1, 30)
        XCTAssertEqual(try base.ticks(atOrAfter: time(101, 100)), 31, "30.3 ticks: the tick at 1 s is before 1.01 s")
        XCTAssertEqual(try base.ticks(atOrAfter: time(1)), 30, "a time on a tick is that tick")
        XCTAssertEqual(try base.ticks(atOrAfter: time(-101, 100)), -30, "-30.3 ticks: -30 is after it")
        XCTAssertEqual(try TimeBase(1001, 30_000).ticks(atOrAfter: time(1)), 30, "29.97 ticks")
        XCTAssertEqual(try TimeBase(1, .max).ticks(atOrAfter: time(1, .max)), 1)
        assertThrows(.overflow("9223372036854775807s in ticks of 1/90000 s"), try TimeBase(1, 90_000).ticks(atOrAfter: time(.max)))
    }

    func testSampleIndexOfTicksUsesTheSameRule() throws {
        let base = try TimeBase(1, 15_360)
        XCTAssertEqual(base.sampleIndex(ticks: 15_360, sampleRate: 48_000), 48_000)
        XCTAssertEqual(base.sampleIndex(ticks: 1, sampleRate: 48_000), 3, "3.125 samples")
        // Agrees with MediaTime's rule for every tick of a second.
        for ticks in Int64(-100)...100 {
            XCTAssertEqual(base.sampleIndex(ticks: ticks, sampleRate: 44_100),
                           try base.time(ticks: ticks).sampleIndex(sampleRate: 44_100), "\(ticks)")
        }
        XCTAssertEqual(base.sampleIndex(ticks: .max, sampleRate: 384_000), .max, "saturates, never traps")
    }

    /// A file's own rate can lie outside `SampleRate.range`: its samples are the
    /// ticks of its time base, converted by the rule a session rate's are.
    func testAStreamsOwnRateCountsAsASessionRateDoes() throws {
        let low = try TimeBase(sampleRate: 4_000)
        XCTAssertEqual(try low.time(ticks: 2_000), try time(1, 2))
        XCTAssertEqual(try low.ticks(try time(3, 16_000)), 1, "0.75 samples")
        XCTAssertEqual(try TimeBase(sampleRate: 705_600).ticks(try time(1)), 705_600)
        let stream = try TimeBase(sampleRate: 44_100)
        for index: Int64 in [-3, 0, 1, 44_099, 123_456_789] {
            XCTAssertEqual(try stream.time(ticks: index), MediaTime(sampleIndex: index, sampleRate: 44_100))
        }
        for t in [try time(1, 96_000), try time(-3, 96_000), try time(25, 2)] {
            XCTAssertEqual(try stream.ticks(t), try t.sampleIndex(sampleRate: 44_100), "\(t)")
        }
    }

    func testEqualityIsRationalAndInvalidPartsAreRefused() throws {
        XCTAssertEqual(try TimeBase(2, 96_000), try TimeBase(1, 48_000))
        XCTAssertEqual(try TimeBase(2, 96_000).hashValue, try TimeBase(1, 48_000).hashValue)
        XCTAssertEqual(try TimeBase(1, 90_000).description, "1/90000")
        XCTAssertEqual(try TimeBase(sampleRate: 44_100), try TimeBase(1, 44_100))
        assertThrows(.invalidTimescale(0), try TimeBase(1, 0))
        assertThrows(.invalidTimescale(-1), try TimeBase(-1, 1))
        assertThrows(.invalidSampleRate(0), try TimeBase(sampleRate: 0))
    }

    func testCodableKeepsTheFields() throws {
        let data = try JSONEncoder().encode(try TimeBase(1, 15_360))
        XCTAssertEqual(String(decoding: data, as: UTF8.self).contains("\"denominator\":15360"), true)
        XCTAssertEqual(try JSONDecoder().decode(TimeBase.self, from: data), try TimeBase(1, 15_360))
        XCTAssertThrowsError(try JSONDecoder().decode(TimeBase.self, from: Data(#"{"numerator":0,"denominator":1}"#.utf8)))
    }
}
