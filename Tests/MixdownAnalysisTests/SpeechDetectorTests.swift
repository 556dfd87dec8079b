import Foundation
import MixdownAnalysis
import MixdownTestSupport
import MixdownTime
import MixdownUnits
import XCTest

/// The detector's contract: regions where the speech is, none where there is none,
/// the same regions however the signal is chunked.
final class SpeechDetectorTests: XCTestCase {
    private func mono(_ path: String, rate: SampleRate) throws -> [Float] {
        try Tool.ffmpegDecode(path, extraArguments: ["-ac", "1", "-ar", String(rate.hertz)])
    }

    private func regions(_ samples: [Float], rate: SampleRate, chunk: Int? = nil, maxPause: MediaTime = .milliseconds(500)) throws -> [MediaTimeRange] {
        let detector = try SpeechDetector(sampleRate: rate, maxPause: maxPause)
        guard let chunk else {
            detector.process(samples)
            return detector.finish()
        }
        var offset = 0
        while offset < samples.count {
            let end = min(samples.count, offset + chunk)
            samples.withUnsafeBufferPointer { detector.process(UnsafeBufferPointer(rebasing: $0[offset..<end])) }
            offset = end
        }
        return detector.finish()
    }

    /// The interview fixture's speech, in seconds (its manifest).
    private func interviewSpeech() throws -> [(Double, Double)] {
        let pairs = try XCTUnwrap(try Fixture.audioFacts("interview.mp4")["speech_regions_samples"] as? [[Int]])
        return pairs.map { (Double($0[0]) / 48_000, Double($0[1]) / 48_000) }
    }

    func testSpeechOverRoomNoiseIsFoundWordToWord() throws {
        let found = try regions(mono(Fixture.path("interview.mp4"), rate: 16_000), rate: 16_000)
        let truth = try interviewSpeech()
        // Four answers; the first two are 0.4 s apart, closer than the 0.5 s max pause.
        XCTAssertEqual(found.count, 3, "\(found)")
        for (start, end) in truth {
            XCTAssertTrue(found.contains { $0.start.seconds <= start && end <= $0.end.seconds }, "\(start)–\(end) s in \(found)")
        }
        // Each region starts at most 60 ms before its first word and ends at most 60 ms after its last.
        for (region, (start, end)) in zip(found, [(truth[0].0, truth[1].1), (truth[2].0, truth[2].1), (truth[3].0, truth[3].1)]) {
            XCTAssertEqual(region.start.seconds, start, accuracy: 0.06)
            XCTAssertEqual(region.end.seconds, end, accuracy: 0.06)
        }
    }

    func testMusicAloneIsNotSpeech() throws {
        XCTAssertEqual(try regions(mono(Fixture.path("music.mp3"), rate: 16_000), rate: 16_000), [])
    }

    func testChunkingNeverChangesTheRegions() throws {
        let samples = try mono(Fixture.path("interview.mp4"), rate: 16_000)
        let whole = try regions(samples, rate: 16_000)
        for chunk in [1, 511, 4096] {
            XCTAssertEqual(try regions(samples, rate: 16_000, chunk: chunk), whole, "chunks of \(chunk)")
        }
    }

    func testTheRateBarelyMovesTheRegions() throws {
        let low = try regions(mono(Fixture.path("interview.mp4"), rate: 16_000), rate: 16_000)
        let high = try regions(mono(Fixture.path("interview.mp4"), rate: 48_000), rate: 48_000)
        XCTAssertEqual(low.count, high.count)
        for (a, b) in zip(low, high) {
            XCTAssertEqual(a.start.seconds, b.start.seconds, accuracy: 0.0101, "one 10 ms hop at most")
            XCTAssertEqual(a.end.seconds, b.end.seconds, accuracy: 0.0101)
        }
    }

    /// (A rate below 8 kHz, which the detector does not take, is no `SampleRate`.)
    func testSettingsOutOfRangeAreRefused() {
        XCTAssertThrowsError(try SampleRate(hertz: 7_999))
        XCTAssertThrowsError(try SpeechDetector(sampleRate: 16_000, maxPause: .milliseconds(-1)))
        XCTAssertThrowsError(try SpeechDetector(sampleRate: 16_000, preRoll: .milliseconds(-1)))
    }
}
