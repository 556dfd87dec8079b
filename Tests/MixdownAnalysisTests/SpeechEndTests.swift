import Foundation
import MixdownAnalysis
import MixdownTestSupport
import MixdownTime
import MixdownUnits
import XCTest

/// Where a region ends against where the speech really ends: espeak-ng answers
/// over pink room noise (`SpokenAnswers`), clean, at 30 dB and at 6 dB SNR,
/// through the detector as planning runs it (16 kHz, the ducking's 1 s pause).
/// Each region must reach the last sample of its clean answer above −50 dBFS,
/// found in the clean speech alone; at low SNR the end of the last word sinks
/// towards the noise floor, and before rule 4's hysteresis the region let go
/// while it could still be heard (the answer ending "…again" 68 ms early).
final class SpeechEndTests: XCTestCase {
    private static let rate = 16_000

    /// The regions of `samples` as sample ranges, fed in `chunk`s (nil: all at once).
    private func regions(_ samples: [Float], chunk: Int? = nil) throws -> [Range<Int>] {
        let rate = try SampleRate(hertz: Self.rate)
        let detector = try SpeechDetector(sampleRate: rate, maxPause: .milliseconds(1000))
        var offset = 0
        while offset < samples.count {
            let end = chunk.map { min(samples.count, offset + $0) } ?? samples.count
            samples.withUnsafeBufferPointer { detector.process(UnsafeBufferPointer(rebasing: $0[offset..<end])) }
            offset = end
        }
        return try detector.finish().map { region in
            let samples = try region.sampleRange(sampleRate: rate)
            return Int(samples.lowerBound)..<Int(samples.upperBound)
        }
    }

    func testEachRegionLastsToTheEndOfItsAnswerOverRoomNoise() throws {
        let folder = try TemporaryFolder()
        let answers = try SpokenAnswers(rate: Self.rate, folder: folder)
        for snr in [nil, 30, 6] as [Double?] {
            let found = try regions(answers.mixture(snr: snr))
            let label = snr.map { "\(Int($0)) dB SNR" } ?? "clean"
            // One region per answer: the 2 s pauses still let the duck come up.
            XCTAssertEqual(found.count, answers.audible.count, "\(label): \(found)")
            var margins: [Int] = []
            for (region, audible) in zip(found, answers.audible) {
                let margin = region.upperBound - 1 - audible.upperBound
                margins.append(margin * 1000 / Self.rate)
                XCTAssertGreaterThanOrEqual(margin, 0, "\(label): the region \(region) ends before the answer's last audible sample \(audible.upperBound)")
                // And not long after: the carrying on is bounded (150 ms, then the 30 ms hangover).
                XCTAssertLessThan(margin, Self.rate / 5, "\(label): \(region) against \(audible)")
            }
            print("\(label): each region ends \(margins) ms after its answer's last sample above −50 dBFS")
        }
    }

    func testCarryingOnDoesNotDependOnTheChunking() throws {
        let folder = try TemporaryFolder()
        let mixture = try SpokenAnswers(rate: Self.rate, folder: folder).mixture(snr: 6)
        let whole = try regions(mixture)
        XCTAssertEqual(try regions(mixture, chunk: 511), whole)
    }

    func testTheNoiseAloneIsNoSpeech() throws {
        let folder = try TemporaryFolder()
        let answers = try SpokenAnswers(rate: Self.rate, folder: folder)
        // The noise as loud as under the 6 dB mixture, and 6 dB louder still.
        for gain: Float in [0.5, 1] {
            XCTAssertEqual(try regions(answers.noise.map { $0 * gain }), [], "noise at \(gain)")
        }
    }
}
