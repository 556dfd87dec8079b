import Foundation
import MixdownPlot
import MixdownTime
import MixdownTestSupport
import XCTest

/// Per-column peaks and RMS, from only the part of the file asked for.
final class WaveformSummaryTests: XCTestCase {
    func range(_ start: Double, _ end: Double) throws -> MediaTimeRange {
        try MediaTimeRange(start: try MediaTime(seconds: start), end: try MediaTime(seconds: end))
    }

    func testSineColumnsShowItsPeaksAndRMS() throws {
        // 0.5 · sin(2π · 1000 t): peaks ±0.5, RMS 0.5/√2.
        let summary = try WaveformSummary(path: Fixture.path("sine-1k-22050.wav"), sourceRange: try range(0.5, 1.5), columns: 10)
        XCTAssertEqual(summary.columns.count, 10)
        XCTAssertEqual(summary.sampleRate, 8_000)
        for column in summary.columns {
            XCTAssertEqual(column.maximum, 0.5, accuracy: 0.04)
            XCTAssertEqual(column.minimum, -0.5, accuracy: 0.04)
            XCTAssertEqual(column.rms, Float(0.5 / 2.0.squareRoot()), accuracy: 0.01)
        }
    }

    func testOnlyTheSourceRangeIsSummarised() throws {
        // vo-pauses.wav holds 2.5 s of digital silence from 2.597914 s.
        let gap = try WaveformSummary(path: Fixture.path("vo-pauses.wav"), sourceRange: try range(3.0, 4.5), columns: 20)
        XCTAssertEqual(gap.columns.count, 20)
        for column in gap.columns {
            XCTAssertLessThan(max(abs(column.minimum), abs(column.maximum)), 0.001)
        }
        let speech = try WaveformSummary(path: Fixture.path("vo-pauses.wav"), sourceRange: try range(5.2, 6.8), columns: 20)
        XCTAssertGreaterThan(speech.columns.map(\.maximum).max() ?? 0, 0.2)
    }

    func testColumnsPastTheEndOfTheFileAreSilent() throws {
        // The file ends at 6.916599 s; the range asks for a second more.
        let summary = try WaveformSummary(path: Fixture.path("vo-pauses.wav"), sourceRange: try range(5.9166, 7.9166), columns: 20)
        XCTAssertGreaterThan(summary.columns[0..<8].map(\.rms).max() ?? 0, 0.01)
        XCTAssertEqual(Array(summary.columns[11...]), Array(repeating: .silent, count: 9))
    }

    func testMoreColumnsThanSamplesLeavesNoHoles() throws {
        // 2 ms at 8 kHz is 16 samples, spread over 50 columns.
        let summary = try WaveformSummary(path: Fixture.path("sine-1k-22050.wav"), sourceRange: try range(1.0, 1.002), columns: 50)
        XCTAssertEqual(summary.columns.count, 50)
        for column in summary.columns {
            // A hole would be exact digital silence; a sample near a zero crossing is not.
            XCTAssertNotEqual(column, .silent)
            // One sample each, repeated: nothing is averaged away or invented.
            XCTAssertEqual(column.minimum, column.maximum)
        }
        XCTAssertLessThanOrEqual(Set(summary.columns).count, 16)
        XCTAssertEqual(summary.columns.map(\.maximum).max() ?? 0, 0.5, accuracy: 0.04)
        XCTAssertEqual(summary.columns.map(\.minimum).min() ?? 0, -0.5, accuracy: 0.04)
    }

    func testZeroColumnsAndEmptyRangesAreHandled() throws {
        XCTAssertThrowsError(try WaveformSummary(path: Fixture.path("sine-1k-22050.wav"), sourceRange: try range(0, 1), columns: 0))
        let empty = try WaveformSummary(path: Fixture.path("sine-1k-22050.wav"), sourceRange: try range(1, 1), columns: 4)
        XCTAssertEqual(empty.columns, Array(repeating: .silent, count: 4))
    }

    func testMissingFileThrows() throws {
        XCTAssertThrowsError(try WaveformSummary(path: Fixture.path("no-such-file.wav"), sourceRange: try range(0, 1), columns: 4))
    }
}
