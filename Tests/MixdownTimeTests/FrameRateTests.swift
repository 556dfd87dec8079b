import MixdownTime
import XCTest

final class FrameRateTests: XCTestCase {
    func testFrameDurationIsExact() throws {
        let ntsc = try FrameRate(30_000, 1001)
        XCTAssertEqual(ntsc.frameDuration, try time(1001, 30_000))
        XCTAssertEqual(try FrameRate(25).frameDuration, try time(1, 25))
        XCTAssertEqual(try FrameRate(25).denominator, 1)
        XCTAssertEqual(ntsc.framesPerSecond, 30_000.0 / 1001.0)
    }

    func testEqualityIsRational() throws {
        XCTAssertEqual(try FrameRate(60, 2), try FrameRate(30))
        XCTAssertEqual(try FrameRate(60, 2).hashValue, try FrameRate(30).hashValue)
        XCTAssertNotEqual(try FrameRate(30_000, 1001), try FrameRate(30))
    }

    func testDescription() throws {
        XCTAssertEqual(try FrameRate(25).description, "25")
        XCTAssertEqual(try FrameRate(30_000, 1001).description, "30000/1001")
    }

    func testInvalidRates() {
        assertThrows(.invalidFrameRate(numerator: 0, denominator: 1), try FrameRate(0))
        assertThrows(.invalidFrameRate(numerator: 30, denominator: 0), try FrameRate(30, 0))
        assertThrows(.invalidFrameRate(numerator: -25, denominator: 1), try FrameRate(-25))
    }
}
