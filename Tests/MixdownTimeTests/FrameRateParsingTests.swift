import MixdownTime
import MixdownUnits
import XCTest

final class FrameRateParsingTests: XCTestCase {
    func testWholeRatesAndFractionsAreReadExactly() throws {
        XCTAssertEqual(try FrameRate(parsing: "25"), try FrameRate(25))
        let ntsc = try FrameRate(parsing: "30000/1001")
        XCTAssertEqual(ntsc.numerator, 30_000)
        XCTAssertEqual(ntsc.denominator, 1001)
        // Kept as typed, so it is written back the same way.
        XCTAssertEqual(try FrameRate(parsing: "60/2").description, "60/2")
        XCTAssertEqual(try FrameRate(parsing: "1"), try FrameRate(1))
        XCTAssertEqual(try FrameRate(parsing: "240/1"), try FrameRate(240))
        XCTAssertEqual(try FrameRate(parsing: "0025"), try FrameRate(25))
        XCTAssertEqual(try FrameRate(parsing: "2147483647/10000000").numerator, 2_147_483_647)
    }

    func testRatesOutsideOneTo240AreRefusedExactly() {
        for text in ["0", "241", "240001/1000", "2147483647/8947848", "1/2", "999/1000", "0/1", "25/0"] {
            XCTAssertThrowsError(try FrameRate(parsing: text), text) { error in
                XCTAssertEqual((error as? QuantityError)?.description, "\"\(text)\": expected \(FrameRate.expected)", text)
            }
        }
        XCTAssertEqual(try FrameRate(parsing: "1000/1000"), try FrameRate(1))
    }

    func testTextThatIsNotARateIsRefused() {
        for text in ["", "25.0", "29.97", "+25", "-25", " 25", "25 ", "25/", "/25", "25/1/1", "2 5", "ntsc", "２５", "1e2", "0x19"] {
            XCTAssertThrowsError(try FrameRate(parsing: text), text) { error in
                XCTAssertEqual((error as? QuantityError)?.expected, FrameRate.expected, text)
                XCTAssertNil((error as? QuantityError)?.reason, text)
            }
        }
    }

    func testPartsBeyond32BitsAreNamed() {
        for text in ["2147483648/1", "30000/2147483648", "99999999999999999999999/1"] {
            XCTAssertThrowsError(try FrameRate(parsing: text), text) { error in
                XCTAssertEqual((error as? QuantityError)?.reason, "a part is larger than 2147483647", text)
            }
        }
    }

    func testNumbersMustBeWhole() throws {
        XCTAssertEqual(try FrameRate(framesPerSecond: 25), try FrameRate(25))
        XCTAssertEqual(try FrameRate(framesPerSecond: 240), try FrameRate(240))
        XCTAssertThrowsError(try FrameRate(framesPerSecond: 29.97)) { error in
            XCTAssertEqual((error as? QuantityError)?.description,
                           "29.97 (not a whole number; write a fraction such as \"30000/1001\"): expected \(FrameRate.expected)")
        }
        for number in [0, -25, 241, 1e300, -0.5, .infinity, .nan] {
            XCTAssertThrowsError(try FrameRate(framesPerSecond: number), "\(number)") { error in
                XCTAssertEqual((error as? QuantityError)?.expected, FrameRate.expected)
            }
        }
    }
}
