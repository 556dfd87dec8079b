import MixdownTime
import XCTest

/// `value/timescale`, for test inputs known to be valid.
func time(_ value: Int64, _ timescale: Int32 = 1) throws -> MediaTime {
    try MediaTime(value: value, timescale: timescale)
}

func range(_ start: MediaTime, _ end: MediaTime) throws -> MediaTimeRange {
    try MediaTimeRange(start: start, end: end)
}

/// Asserts that `body` throws exactly `expected`.
func assertThrows<T>(
    _ expected: MediaTimeError,
    _ body: @autoclosure () throws -> T,
    file: StaticString = #filePath, line: UInt = #line
) {
    XCTAssertThrowsError(try body(), file: file, line: line) { error in
        XCTAssertEqual(error as? MediaTimeError, expected, file: file, line: line)
    }
}
