import MixdownTime
import XCTest

final class MediaTimeComparisonTests: XCTestCase {
    func testEqualityAcrossTimescales() throws {
        XCTAssertEqual(try time(1, 2), try time(2, 4))
        XCTAssertEqual(try time(24_000, 48_000), try time(22_050, 44_100))
        XCTAssertEqual(try time(0, 7), MediaTime.zero)
        XCTAssertEqual(try time(-3, 6), try time(-1, 2))
        XCTAssertNotEqual(try time(1, 3), try time(333_333_333, 1_000_000_000))
    }

    func testValuesDoubleCannotDistinguish() throws {
        let maximum = try time(.max)
        let belowMaximum = try time(.max - 1)
        XCTAssertEqual(maximum.seconds, belowMaximum.seconds, "premise: Double merges them")
        XCTAssertLessThan(belowMaximum, maximum)
        XCTAssertNotEqual(belowMaximum, maximum)

        // Same value at timescales that differ by one.
        let a = try time(.max, 1_000_000_000)
        let b = try time(.max, 1_000_000_001)
        XCTAssertLessThan(b, a)
        XCTAssertFalse(a < b)
    }

    func testThirdAgainstItsNineDigitDecimal() throws {
        let third = try time(1, 3)
        let decimal = try time(333_333_333, 1_000_000_000)
        XCTAssertLessThan(decimal, third)
        XCTAssertGreaterThan(third, decimal)
        XCTAssertLessThan(third, try time(333_333_334, 1_000_000_000))
    }

    func testOrderingOfNegativeAndExtremeValues() throws {
        XCTAssertLessThan(try time(.min), try time(.min + 1))
        XCTAssertLessThan(try time(.min, 1), try time(.min, .max))
        XCTAssertLessThan(try time(-1, 3), try time(-1, 4))
        XCTAssertLessThan(try time(-1, 2), MediaTime.zero)
        let sorted = try [time(1, 2), time(-1, 1), time(1, 3), time(0, 5)].sorted()
        XCTAssertEqual(sorted, try [time(-1), time(0), time(1, 3), time(1, 2)])
    }

    func testComparisonIsAStrictTotalOrderOnSamples() throws {
        let times = try [time(1, 2), time(2, 4), time(1, 3), time(-5, 7), time(.max, 3), time(.min, 2)]
        for a in times {
            for b in times {
                let relations = [a < b, a == b, b < a].filter { $0 }
                XCTAssertEqual(relations.count, 1, "\(a) vs \(b)")
            }
        }
    }

    func testEqualTimesHashAlike() throws {
        let equalPairs = try [
            (time(1, 2), time(2, 4)),
            (time(0, 1), time(0, 48_000)),
            (time(-6, 4), time(-3, 2)),
            (time(48_000, 48_000), time(1)),
            (time(.min, 2), time(.min / 2, 1)),
        ]
        for (a, b) in equalPairs {
            XCTAssertEqual(a, b)
            XCTAssertEqual(a.hashValue, b.hashValue, "\(a.value)/\(a.timescale) vs \(b.value)/\(b.timescale)")
        }
        let set: Set<MediaTime> = try [time(1, 2), time(2, 4), time(3, 6), time(1, 3)]
        XCTAssertEqual(set.count, 2)
    }

    func testReduced() throws {
        let reduced = try time(24_000, 48_000).reduced
        XCTAssertEqual(reduced.value, 1)
        XCTAssertEqual(reduced.timescale, 2)
        XCTAssertEqual(try time(0, 48_000).reduced.timescale, 1)
        XCTAssertEqual(try time(.min, 2).reduced.value, .min / 2)
    }
}
