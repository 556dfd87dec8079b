import MixdownTime
import XCTest

final class MediaTimeDescriptionTests: XCTestCase {
    func testDecimalWhenExact() throws {
        XCTAssertEqual(try time(25, 2).description, "12.5s")
        XCTAssertEqual(try time(12).description, "12s")
        XCTAssertEqual(MediaTime.zero.description, "0s")
        XCTAssertEqual(try time(0, 48_000).description, "0s")
        XCTAssertEqual(try time(-1, 1000).description, "-0.001s")
        XCTAssertEqual(try time(1250, 100).description, "12.5s", "trailing zeros dropped")
        XCTAssertEqual(try time(1, 1_000_000_000).description, "0.000000001s")
        XCTAssertEqual(try time(24_000, 48_000).description, "0.5s")
        XCTAssertEqual(try time(1, 512).description, "0.001953125s")
    }

    func testFractionWhenNoShortDecimalExists() throws {
        XCTAssertEqual(try time(1, 3).description, "1/3s")
        XCTAssertEqual(try time(2, 6).description, "1/3s", "reduced")
        XCTAssertEqual(try time(1001, 30_000).description, "1001/30000s")
        XCTAssertEqual(try time(-7, 48_000).description, "-7/48000s")
        XCTAssertEqual(try time(1, 1024).description, "1/1024s", "needs 10 digits")
    }

    /// Messages show times rounded to the microsecond (issue 12, F9): never a raw fraction.
    func testReadableRoundsToTheMicrosecond() throws {
        XCTAssertEqual(try time(25, 2).readable, "12.5s")
        XCTAssertEqual(MediaTime.zero.readable, "0s")
        XCTAssertEqual(try time(1001, 30_000).readable, "0.033367s")
        XCTAssertEqual(try time(-767_849, 23_040_000).readable, "-0.033327s")
        XCTAssertEqual(try time(50_208, 1225).readable, "40.986122s")
        XCTAssertEqual(try time(1, 3_000_000).readable, "0s", "below half a microsecond")
        XCTAssertEqual(try time(1, 2_000_000).readable, "0.000001s", "half up")
        XCTAssertEqual(try time(.max).readable, "9223372036854775807s")
        XCTAssertEqual(try time(.min, 1_000_000_000).readable, "-9223372036.854776s")
        XCTAssertEqual(MediaTime.readable(seconds: 0.0333666), "0.033367s")
        XCTAssertEqual(MediaTime.readable(seconds: -1.5), "-1.5s")
        XCTAssertEqual(MediaTime.readable(seconds: .nan), "unknown")
        XCTAssertEqual(try MediaTimeRange(start: .zero, end: time(50_208, 1225)).readable, "[0s, 40.986122s)")
    }

    func testExtremes() throws {
        XCTAssertEqual(try time(.max).description, "9223372036854775807s")
        XCTAssertEqual(try time(.min).description, "-9223372036854775808s")
        XCTAssertEqual(try time(.min, 1_000_000_000).description, "-9223372036.854775808s")
    }

    func testDecimalDescriptionsParseBack() throws {
        let times = try [time(25, 2), time(1, 1_000_000_000), time(3_723_040, 1000), time(.max, 1000), time(7, 48_000)]
        for t in times {
            var text = t.description
            if text.contains("/") { continue }
            text.removeLast()  // the "s" suffix is accepted too, but check the bare number
            XCTAssertEqual(try MediaTime(parsing: text), t)
            XCTAssertEqual(try MediaTime(parsing: t.description), t)
        }
    }
}
