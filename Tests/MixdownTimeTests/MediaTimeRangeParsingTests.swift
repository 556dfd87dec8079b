import MixdownTime
import XCTest

final class MediaTimeRangeParsingTests: XCTestCase {
    private func parse(_ text: String) throws -> MediaTimeRange {
        try MediaTimeRange(parsing: text)
    }

    private func assertRejected(
        _ text: String, reason: String,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        assertThrows(.invalidString(text, reason: reason), try parse(text), file: file, line: line)
    }

    func testAcceptedForms() throws {
        XCTAssertEqual(try parse("10-20"), try range(time(10), time(20)))
        XCTAssertEqual(try parse("1:00-1:30.5"), try range(time(60), time(181, 2)))
        XCTAssertEqual(try parse("0:05.5-0:07"), try range(time(11, 2), time(7)))
        XCTAssertEqual(try parse("250ms-1.5s"), try range(time(1, 4), time(3, 2)))
        XCTAssertEqual(try parse("0-01:00:00"), try range(time(0), time(3600)))
        XCTAssertEqual(try parse(" 10 - 20 "), try range(time(10), time(20)))
    }

    func testEndIsKeptExactly() throws {
        let r = try parse("0.1-0.333333333")
        XCTAssertEqual(r.end, try time(333_333_333, 1_000_000_000))
        XCTAssertEqual(r.duration, try time(233_333_333, 1_000_000_000))
    }

    func testRejectedRanges() {
        assertRejected("", reason: "expected START-END, such as 10-20 or 1:00-1:30.5")
        assertRejected("10", reason: "expected START-END, such as 10-20 or 1:00-1:30.5")
        assertRejected("10-", reason: "end is missing")
        assertRejected("-20", reason: "start is missing")
        assertRejected("-5-10", reason: "negative times are not allowed")
        assertRejected("10-20-30", reason: "expected exactly one '-' between start and end")
        assertRejected("20-10", reason: "end (10s) must be after start (20s)")
        assertRejected("10-10", reason: "end (10s) must be after start (10s)")
        assertRejected("1:00-60", reason: "end (60s) must be after start (60s)")
        assertRejected("1:75-2:00", reason: "start: seconds must be below 60 when minutes are given")
        assertRejected("10-abc", reason: "end: unexpected character 'a'")
        assertRejected("10-1e5", reason: "end: exponent notation such as 1e5 is not supported")
        assertRejected("0.1-9223372036854775807", reason: "the range is too long")
    }

    func testErrorDescription() {
        XCTAssertThrowsError(try parse("20-10")) { error in
            XCTAssertEqual("\(error)", #"time "20-10": end (10s) must be after start (20s)"#)
        }
    }
}
