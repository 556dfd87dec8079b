import MixdownAudioMix
import MixdownTime
import MixdownUnits
import XCTest

/// `seconds` as an exact time on a millisecond grid (every test time is a
/// whole number of milliseconds).
func time(_ seconds: Double) throws -> MediaTime {
    try MediaTime(seconds: seconds, preferredTimescale: 1000)
}

/// `[start, end)` in seconds.
func range(_ start: Double, _ end: Double) throws -> MediaTimeRange {
    try MediaTimeRange(start: time(start), end: time(end))
}

/// The envelope rendered by `fill` into a fresh array.
func rendered(_ envelope: GainEnvelope, firstSample: Int64, count: Int, sampleRate: SampleRate = .standard) -> [Float] {
    [Float](unsafeUninitializedCapacity: count) { buffer, initialized in
        envelope.fill(buffer.baseAddress!, firstSample: firstSample, count: count, sampleRate: sampleRate)
        initialized = count
    }
}

/// Asserts `body` throws exactly the ``AudioMixError`` `expected`.
func assertThrows(
    _ expected: AudioMixError, file: StaticString = #filePath, line: UInt = #line,
    _ body: () throws -> Void
) {
    do {
        try body()
        XCTFail("expected \(expected), nothing was thrown", file: file, line: line)
    } catch {
        XCTAssertEqual(error as? AudioMixError, expected, file: file, line: line)
    }
}

/// Asserts `body` throws an ``AudioMixError`` whose message is `message`.
func assertThrows(
    message: String, file: StaticString = #filePath, line: UInt = #line,
    _ body: () throws -> Void
) {
    do {
        try body()
        XCTFail("expected \"\(message)\", nothing was thrown", file: file, line: line)
    } catch {
        XCTAssertEqual((error as? AudioMixError)?.description, message, file: file, line: line)
    }
}
