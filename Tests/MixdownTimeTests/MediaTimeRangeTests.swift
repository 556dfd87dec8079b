import MixdownTime
import XCTest

final class MediaTimeRangeTests: XCTestCase {
    func testStartDurationAndEnd() throws {
        let r = try MediaTimeRange(start: time(10), duration: time(5, 2))
        XCTAssertEqual(r.start, try time(10))
        XCTAssertEqual(r.duration, try time(5, 2))
        XCTAssertEqual(r.end, try time(25, 2))
        XCTAssertFalse(r.isEmpty)

        let s = try MediaTimeRange(start: time(1, 3), end: time(1, 2))
        XCTAssertEqual(s.duration, try time(1, 6))
        XCTAssertEqual(s.end, try time(1, 2))
        XCTAssertEqual(s, try MediaTimeRange(start: time(1, 3), duration: time(1, 6)))
    }

    func testNegativeDurationIsRejected() throws {
        assertThrows(.negativeDuration(try time(-1)), try MediaTimeRange(start: time(0), duration: time(-1)))
        assertThrows(.negativeDuration(try time(-1, 2)), try MediaTimeRange(start: time(1), end: time(1, 2)))
    }

    func testEndOverflowIsReportedAtConstruction() throws {
        assertThrows(
            .overflow("9223372036854775807s + 1s"),
            try MediaTimeRange(start: time(.max), duration: time(1)))
        assertThrows(
            .overflow("9223372036854775807s - -9223372036854775808s"),
            try MediaTimeRange(start: time(.min), end: time(.max)))
    }

    func testEmptyRange() throws {
        let empty = try MediaTimeRange(start: time(5), duration: .zero)
        XCTAssertTrue(empty.isEmpty)
        XCTAssertFalse(empty.contains(try time(5)))
        XCTAssertFalse(empty.overlaps(empty))
        XCTAssertFalse(empty.overlaps(try range(time(0), time(10))))
        XCTAssertNil(empty.intersection(try range(time(0), time(10))))
    }

    func testContainsIsHalfOpen() throws {
        let r = try range(time(10), time(20))
        XCTAssertTrue(r.contains(try time(10)))
        XCTAssertTrue(r.contains(try time(39, 2)))
        XCTAssertTrue(r.contains(try time(20 * 48_000 - 1, 48_000)))
        XCTAssertFalse(r.contains(try time(20)))
        XCTAssertFalse(r.contains(try time(40, 2)), "the end in another timescale")
        XCTAssertFalse(r.contains(try time(9_999_999_999, 1_000_000_000)))
    }

    func testTouchingRangesDoNotOverlap() throws {
        let a = try range(time(0), time(10))
        let b = try range(time(10), time(20))
        XCTAssertFalse(a.overlaps(b))
        XCTAssertFalse(b.overlaps(a))
        XCTAssertNil(a.intersection(b))
        // Touching across timescales: 1/3 == 16000/48000.
        let c = try range(time(0), time(1, 3))
        let d = try range(time(16_000, 48_000), time(1))
        XCTAssertFalse(c.overlaps(d))
        XCTAssertNil(c.intersection(d))
    }

    func testOverlapByOneTick() throws {
        let a = try range(time(0), time(10))
        let b = try range(time(10 * 48_000 - 1, 48_000), time(20))
        XCTAssertTrue(a.overlaps(b))
        let overlap = try XCTUnwrap(a.intersection(b))
        XCTAssertEqual(overlap.start, try time(10 * 48_000 - 1, 48_000))
        XCTAssertEqual(overlap.end, try time(10))
        XCTAssertEqual(overlap.duration, try time(1, 48_000))
    }

    func testIntersectionOfNestedAndPartialRanges() throws {
        let outer = try range(time(0), time(100))
        let inner = try range(time(10), time(20))
        XCTAssertEqual(outer.intersection(inner), inner)
        XCTAssertEqual(inner.intersection(outer), inner)
        XCTAssertEqual(outer.intersection(outer), outer)

        let left = try range(time(0), time(15))
        let right = try range(time(25, 2), time(30))
        let both = try XCTUnwrap(left.intersection(right))
        XCTAssertEqual(both, try range(time(25, 2), time(15)))
        XCTAssertEqual(right.intersection(left), both)
        XCTAssertTrue(left.overlaps(right) && right.overlaps(left))

        let apart = try range(time(50), time(60))
        XCTAssertFalse(inner.overlaps(apart))
        XCTAssertNil(inner.intersection(apart))
    }

    func testIntersectionAcrossCoprimeFineTimescales() throws {
        // Bounds whose common timescale does not fit Int32; the bounds are kept exactly.
        let p: Int32 = 1_000_000_007
        let q: Int32 = 999_999_937
        let a = try range(time(1, p), time(Int64(p) * 10, p))
        let b = try range(time(0), time(Int64(q) * 5 + 1, q))
        let overlap = try XCTUnwrap(a.intersection(b))
        XCTAssertEqual(overlap.start, try time(1, p))
        XCTAssertEqual(overlap.end, try time(Int64(q) * 5 + 1, q))
        XCTAssertTrue(overlap.contains(try time(5)))
    }

    func testIntersectionWhoseExactDurationDoesNotFit() throws {
        // end - start = .max/3 - 1/2 needs timescale 6 and value 2 * .max - 3.
        let a = try range(time(1, 2), time(3_100_000_000_000_000_000))
        let b = try range(time(0), time(.max, 3))
        let overlap = try XCTUnwrap(a.intersection(b))
        XCTAssertEqual(overlap.start, try time(1, 2))
        XCTAssertEqual(overlap.end, try time(.max, 3))
        // Rounded half up to b's duration timescale: .max - 1.5 -> .max - 1.
        XCTAssertEqual(overlap.duration, try time(.max - 1, 3))
        XCTAssertEqual(b.intersection(a), overlap)
    }

    func testSampleRangeUsesTheRoundingRuleAtBothEnds() throws {
        let r = try range(time(1, 96_000), time(25, 2))
        XCTAssertEqual(try r.sampleRange(sampleRate: 48_000), 1..<600_000)
        // Adjacent ranges map to adjacent sample ranges.
        let a = try range(time(0), time(1, 3))
        let b = try range(time(1, 3), time(2, 3))
        XCTAssertEqual(try a.sampleRange(sampleRate: 44_100).upperBound, try b.sampleRange(sampleRate: 44_100).lowerBound)
    }

    func testDescriptionAndHashing() throws {
        let r = try range(time(10), time(41, 2))
        XCTAssertEqual(r.description, "[10s, 20.5s)")
        let same = try range(time(20, 2), time(82, 4))
        XCTAssertEqual(r, same)
        XCTAssertEqual(r.hashValue, same.hashValue)
    }
}
