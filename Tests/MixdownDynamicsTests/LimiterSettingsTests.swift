import MixdownDynamics
import MixdownTime
import MixdownUnits
import XCTest

/// Settings, threshold maps and statistics: ranges, messages, arithmetic.
final class LimiterSettingsTests: XCTestCase {
    func testStandardSettingsAreTheMeasuredDesign() throws {
        let standard = LimiterSettings.standard
        XCTAssertEqual(standard.ceiling, -1)
        XCTAssertEqual(standard.margin, 0.1)
        XCTAssertEqual(standard.lookAhead, try MediaTime(value: 25, timescale: 10_000))
        XCTAssertEqual(standard.hold, .milliseconds(20))
        XCTAssertEqual(standard.release, .milliseconds(100))
        XCTAssertEqual(standard.threshold, pow(10, -1.1 / 20), accuracy: 1e-15)
        XCTAssertEqual(try LimiterSettings(), standard)
        let limiter = try TruePeakLimiter(sampleRate: 48000)
        // 40 τ + the sliding window (960 + 32 + 120 + 1) + the latency.
        XCTAssertEqual(limiter.settlingFrames, 192_000 + 1113 + 152)
    }

    func testValuesOutsideTheirRangesAreRefusedByName() {
        XCTAssertEqual(message { try LimiterSettings(ceiling: 0.5) },
                       "limiter ceiling 0.5 dBTP: expected a number of dBTP from -60 to 0")
        XCTAssertEqual(message { try LimiterSettings(ceiling: .nan) },
                       "limiter ceiling nan dBTP: expected a number of dBTP from -60 to 0")
        XCTAssertEqual(message { try LimiterSettings(margin: -0.1) },
                       "limiter margin -0.1 dB: expected a number of dB from 0 to 3")
        XCTAssertEqual(message { try LimiterSettings(lookAhead: .zero) },
                       "limiter look-ahead 0s: expected a time from 0.0005s to 0.05s")
        XCTAssertEqual(message { try LimiterSettings(hold: .milliseconds(1001)) },
                       "limiter hold 1.001s: expected a time from 0s to 1s")
        XCTAssertEqual(message { try LimiterSettings(release: .microseconds(999)) },
                       "limiter release 0.000999s: expected a time from 0.001s to 5s")
        XCTAssertNil(message { try LimiterSettings(ceiling: -60, margin: 3, lookAhead: .milliseconds(50), hold: .zero,
                                                   release: .milliseconds(5000)) }, "the ends of the ranges are accepted")
        XCTAssertEqual(LimiterError.invalidInputGain(.infinity).description,
                       "limiter input gain must be a finite factor of at least 0, got inf")
    }

    func testLimitsHoldAtEveryAcceptedRate() throws {
        // The extremes of the ranges at 8 kHz and 384 kHz: at least 4 samples of look-ahead, finite buffers.
        for hertz in [8000, 384_000] {
            let shortest = try LimiterSettings(lookAhead: .microseconds(500), hold: .zero, release: .milliseconds(1))
            let limiter = try TruePeakLimiter(settings: shortest, sampleRate: .init(hertz: hertz))
            XCTAssertEqual(limiter.latency, 32 + hertz / 2000)
            let signal = Stereo(mono: sine(frequency: 100, amplitude: 2, seconds: 0.05))
            let output = limit(signal, with: limiter)
            XCTAssertLessThan(Double(output.left.map(\.magnitude).max()!), pow(10, -1.1 / 20) * 1.0001, "\(hertz) Hz")
        }
    }

    func testThresholdMapsRefuseBadSpansByName() throws {
        func reason(_ spans: [ThresholdMap.Span]) -> String? {
            message { try ThresholdMap(spans: spans) }
        }
        XCTAssertEqual(reason([.init(range: 10..<10, factor: 0.5)]), "limiter threshold map: span 10..<10 is empty")
        XCTAssertEqual(reason([.init(range: 0..<10, factor: 0)]),
                       "limiter threshold map: span 0..<10 has factor 0.0, expected a factor above 0 and at most 1")
        XCTAssertEqual(reason([.init(range: 0..<10, factor: .nan)]),
                       "limiter threshold map: span 0..<10 has factor nan, expected a factor above 0 and at most 1")
        XCTAssertEqual(reason([.init(range: 0..<10, factor: 0.5), .init(range: 9..<20, factor: 0.5)]),
                       "limiter threshold map: span 9..<20 starts before the end of span 0..<10")
        XCTAssertNil(reason([.init(range: 0..<10, factor: 1), .init(range: 10..<20, factor: 0.25)]), "touching spans")
        XCTAssertEqual(ThresholdMap().spans, [])
    }

    func testStatisticsOfNothing() {
        var a = LimiterStatistics()
        XCTAssertEqual(a.largestGainReduction, 0)
        XCTAssertEqual(a.largestPeakDecibels, -.infinity)
        a.merge(LimiterStatistics())
        XCTAssertEqual(a, LimiterStatistics(), "nothing merged into nothing")
    }

    /// The message of the `LimiterError` that `make` throws; nil if it throws nothing.
    private func message(_ make: () throws -> Any, file: StaticString = #filePath, line: UInt = #line) -> String? {
        do {
            _ = try make()
            return nil
        } catch {
            XCTAssert(error is LimiterError, "\(error) is a LimiterError", file: file, line: line)
            return "\(error)"
        }
    }
}
