import MixdownTime
import XCTest

final class MediaTimeErrorTests: XCTestCase {
    func testDescriptionsAreOneLineMessages() throws {
        let cases: [(MediaTimeError, String)] = [
            (.overflow("9223372036854775807s + 1s"), "time arithmetic overflow: 9223372036854775807s + 1s"),
            (.invalidTimescale(0), "timescale must be positive, got 0"),
            (.invalidSampleRate(-1), "sample rate must be positive, got -1"),
            (.invalidFrameRate(numerator: 30, denominator: 0),
             "frame rate must have a positive numerator and denominator, got 30/0"),
            (.nonFinite(.infinity), "seconds must be a finite number, got inf"),
            (.negativeDuration(try time(-1, 2)), "duration must not be negative, got -0.5s"),
            (.invalidString("1:75", reason: "seconds must be below 60 when minutes are given"),
             #"time "1:75": seconds must be below 60 when minutes are given"#),
            (.invalidString("1\u{1B}[31m" + String(repeating: "9", count: 100), reason: "unexpected character '\\u001b'"),
             #"time "1\u001b[31m"# + String(repeating: "9", count: 34) + #"…": unexpected character '\u001b'"#),
        ]
        for (error, message) in cases {
            XCTAssertEqual(error.description, message)
            XCTAssertFalse(error.description.contains("\n"))
        }
    }

    func testNegativeDurationEqualityIsExact() throws {
        XCTAssertEqual(MediaTimeError.negativeDuration(try time(-1, 2)), .negativeDuration(try time(-2, 4)))
    }
}
