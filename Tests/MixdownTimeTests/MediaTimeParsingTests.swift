import MixdownTime
import XCTest

final class MediaTimeParsingTests: XCTestCase {
    private func parse(_ text: String) throws -> MediaTime {
        try MediaTime(parsing: text)
    }

    private func assertRejected(
        _ text: String, reason: String,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        assertThrows(.invalidString(text, reason: reason), try parse(text), file: file, line: line)
    }

    func testPlainSeconds() throws {
        XCTAssertEqual(try parse("12"), try time(12))
        XCTAssertEqual(try parse("12").timescale, 1)
        XCTAssertEqual(try parse("0"), .zero)
        XCTAssertEqual(try parse("007"), try time(7))
    }

    func testDecimalFractionsAreExact() throws {
        let t = try parse("12.5")
        XCTAssertEqual(t.value, 125)
        XCTAssertEqual(t.timescale, 10)
        XCTAssertEqual(try parse("0.1"), try time(1, 10))
        XCTAssertEqual(try parse("12.50").timescale, 100, "value/10^digits as typed")
        XCTAssertEqual(try parse("0.000000001"), try time(1, 1_000_000_000))
        XCTAssertEqual(try parse("0.333333333"), try time(333_333_333, 1_000_000_000))
    }

    func testSecondsAndMillisecondsSuffixes() throws {
        XCTAssertEqual(try parse("12.5s"), try time(25, 2))
        XCTAssertEqual(try parse("12s"), try time(12))
        XCTAssertEqual(try parse("250ms"), try time(1, 4))
        XCTAssertEqual(try parse("250ms").timescale, 1000)
        XCTAssertEqual(try parse("1.5ms"), try time(3, 2000))
        XCTAssertEqual(try parse("0.000001ms"), try time(1, 1_000_000_000))
        XCTAssertEqual(try parse("0ms"), .zero)
    }

    func testMinutesAndSeconds() throws {
        XCTAssertEqual(try parse("1:02.25"), try time(6225, 100))
        XCTAssertEqual(try parse("1:02"), try time(62))
        XCTAssertEqual(try parse("0:59.999"), try time(59_999, 1000))
        XCTAssertEqual(try parse("90:00"), try time(5400), "the leading field is unbounded")
    }

    func testHoursMinutesAndSeconds() throws {
        let t = try parse("01:02:03.040")
        XCTAssertEqual(t, try time(3_723_040, 1000))
        XCTAssertEqual(t.timescale, 1000)
        XCTAssertEqual(try parse("1:00:00"), try time(3600))
        XCTAssertEqual(try parse("100:59:59.5"), try time(363_599 * 2 + 1, 2))
    }

    func testSurroundingWhitespaceIsIgnored() throws {
        XCTAssertEqual(try parse("  12.5 "), try time(25, 2))
        XCTAssertEqual(try parse("\t1:02\n"), try time(62))
    }

    func testLargestValues() throws {
        XCTAssertEqual(try parse("9223372036854775807"), try time(.max))
        XCTAssertEqual(try parse("9223372036.854775807"), try time(.max, 1_000_000_000))
    }

    func testRejectedTextsCarryReasons() {
        assertRejected("", reason: "is empty; expected a time such as 12.5, 1:02.25 or 250ms")
        assertRejected("   ", reason: "is empty; expected a time such as 12.5, 1:02.25 or 250ms")
        assertRejected("-5", reason: "negative times are not allowed")
        assertRejected("-0:05", reason: "negative times are not allowed")
        assertRejected("+5", reason: "unexpected character '+'")
        assertRejected("abc", reason: "unexpected character 'a'")
        assertRejected("12,5", reason: "unexpected character ','")
        assertRejected("12 s", reason: "unexpected space inside the time")
        assertRejected("1e5", reason: "exponent notation such as 1e5 is not supported")
        assertRejected("2.5E-3", reason: "exponent notation such as 1e5 is not supported")
        assertRejected("1:2:3:4", reason: "too many ':' fields; use seconds, m:ss or h:mm:ss")
        assertRejected("1:75", reason: "seconds must be below 60 when minutes are given")
        assertRejected("1:60", reason: "seconds must be below 60 when minutes are given")
        assertRejected("1:60:00", reason: "minutes must be below 60 when hours are given")
        assertRejected("1:5", reason: "seconds after ':' must have two digits")
        assertRejected("1:005", reason: "seconds after ':' must have two digits")
        assertRejected("1:5:00", reason: "minutes after ':' must have two digits")
        assertRejected("1:", reason: "missing seconds after ':'")
        assertRejected(":30", reason: "missing minutes before ':'")
        assertRejected("::30", reason: "missing hours before ':'")
        assertRejected("1.5:30", reason: "only the seconds may have a fraction, not the minutes")
        assertRejected("1:02.5:00", reason: "only the seconds may have a fraction, not the minutes")
        assertRejected("12.5.3", reason: "more than one '.'")
        assertRejected(".5", reason: "expected digits before '.'")
        assertRejected("5.", reason: "expected digits after '.'")
        assertRejected("s", reason: "expected a number before the unit")
        assertRejected("ms", reason: "expected a number before the unit")
        assertRejected("1:30s", reason: "a unit suffix cannot be combined with the m:ss or h:mm:ss form")
        assertRejected("12.5ss", reason: "unexpected character 's'")
        assertRejected("5min", reason: "unexpected character 'm'")
        assertRejected("0.1234567891", reason: "more than 9 fraction digits; the finest resolution is 1 ns")
        assertRejected("0.1234567ms", reason: "more than 6 fraction digits; the finest resolution is 1 ns")
        assertRejected("9223372036854775808", reason: "the time is too large")
        assertRejected("9223372036854775807.5", reason: "the time is too large")
        assertRejected("153722867280912931:00", reason: "the time is too large")
        assertRejected("12.5 sec", reason: "unexpected space inside the time")
        assertRejected("nan", reason: "unexpected character 'n'")
        assertRejected("inf", reason: "unexpected character 'i'")
        assertRejected("１２", reason: "unexpected character '１'")
        assertRejected("1\u{1B}[2J", reason: #"unexpected character '\u001b'"#)
    }

    func testErrorDescriptionQuotesTheText() {
        XCTAssertThrowsError(try parse("1:75")) { error in
            XCTAssertEqual(
                "\(error)", #"time "1:75": seconds must be below 60 when minutes are given"#)
        }
    }
}
