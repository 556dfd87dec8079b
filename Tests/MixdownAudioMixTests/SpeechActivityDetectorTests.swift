import Foundation
import MixdownAudioMix
import MixdownUnits
import MixdownTime
import XCTest

final class SpeechActivityDetectorTests: XCTestCase {
    private let rate: Int32 = 48_000

    /// 440 Hz bursts at amplitude 0.5 (−9 dBFS RMS) over noise at −60 dBFS.
    private func signal(seconds: Double, bursts: [(Double, Double)], amplitude: Float = 0.5) -> [Float] {
        var state: UInt64 = 12_345
        return (0..<Int(seconds * Double(rate))).map { n in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let noise = (Float(state >> 40) / Float(1 << 24) * 2 - 1) * 0.001 * Float(3.0.squareRoot())
            let t = Double(n) / Double(rate)
            let inBurst = bursts.contains { t >= $0.0 && t < $0.1 }
            return noise + (inBurst ? amplitude * Float(sin(2 * Double.pi * 440 * t)) : 0)
        }
    }

    private func detect(_ samples: [Float], chunks: [Int] = [], detector: SpeechActivityDetector? = nil) throws -> [MediaTimeRange] {
        var detector = try detector ?? SpeechActivityDetector(sampleRate: rate)
        guard !chunks.isEmpty else {
            detector.process(samples)
            return detector.finish()
        }
        var offset = 0
        var i = 0
        while offset < samples.count {
            let count = min(chunks[i % chunks.count], samples.count - offset)
            detector.process(Array(samples[offset..<offset + count]))
            offset += count
            i += 1
        }
        return detector.finish()
    }

    private func sampleRange(_ start: Int64, _ end: Int64) throws -> MediaTimeRange {
        try MediaTimeRange(start: MediaTime(sampleIndex: start, sampleRate: rate), end: MediaTime(sampleIndex: end, sampleRate: rate))
    }

    func testShortGapIsBridgedAndLongGapIsNot() throws {
        // Bursts 0.5–1.5, 1.8–2.8 (0.3 s gap) and 4.8–5.8 s (2.0 s gap).
        let samples = signal(seconds: 6.3, bursts: [(0.5, 1.5), (1.8, 2.8), (4.8, 5.8)])
        let regions = try detect(samples)
        // Windows start every 10 ms and are 20 ms long, so a region starts at
        // the first window holding burst samples (10 ms early) and its loud
        // windows end 10 ms late; then 100 ms of hangover.
        XCTAssertEqual(regions, [try sampleRange(23_520, 134_880 + 4_800), try sampleRange(229_920, 278_880 + 4_800)])
        XCTAssertEqual(regions.map(\.start.seconds), [0.49, 4.79])
        XCTAssertEqual(regions.map(\.end.seconds), [2.91, 5.91])
    }

    func testChunkSizesDoNotChangeTheResult() throws {
        let samples = signal(seconds: 6.3, bursts: [(0.5, 1.5), (1.8, 2.8), (4.8, 5.8)])
        let whole = try detect(samples)
        XCTAssertEqual(try detect(samples, chunks: [1, 7, 480, 1000, 4097, 333]), whole)
        XCTAssertEqual(try detect(samples, chunks: [48_000]), whole)
    }

    func testClicksAreDroppedAndQuietSignalIsIgnored() throws {
        // A 5 ms click spans three windows (30 ms) and is dropped; a burst at
        // −40 dBFS RMS stays under the −30 dB threshold.
        let click = signal(seconds: 2, bursts: [(1, 1.005)])
        XCTAssertEqual(try detect(click), [])
        let quiet = signal(seconds: 2, bursts: [(0.5, 1.5)], amplitude: 0.01 * Float(2.0.squareRoot()))
        XCTAssertEqual(try detect(quiet), [])
        let lowered = try SpeechActivityDetector(sampleRate: rate, threshold: try SpeechThreshold(decibels: -45))
        XCTAssertEqual(try detect(quiet, detector: lowered).count, 1)
    }

    func testSpeechAtTheVeryEndIsClosedByFinish() throws {
        let samples = signal(seconds: 1.0125, bursts: [(0.5, 2)])
        XCTAssertEqual(try detect(samples), [try sampleRange(23_520, 48_600)])
    }

    func testRegionsDriveTheDuckLayer() throws {
        let samples = signal(seconds: 6.3, bursts: [(0.5, 1.5), (1.8, 2.8), (4.8, 5.8)])
        let regions = try detect(samples)
        let layer = try DuckingSettings().duckLayer(for: regions.map { DuckRegion(range: $0) })
        let duck = DuckDepth.standard.gain
        XCTAssertEqual(layer.gain(at: 1.65), duck, "down through the 0.3 s gap")
        XCTAssertEqual(layer.gain(at: 3.85), 1, "back up in the 2.0 s gap")
        XCTAssertEqual(layer.gain(at: 5), duck)
    }

    func testInvalidSettingsAreRefused() throws {
        assertThrows(message: "speech detector sample rate: must be at least 100 Hz, got 50") {
            _ = try SpeechActivityDetector(sampleRate: 50)
        }
        assertThrows(message: "speech hangover: must not exceed the max pause 0.2s, got 0.3s") {
            _ = try SpeechActivityDetector(sampleRate: 48_000, maxPause: time(0.2), hangover: time(0.3))
        }
    }
}
