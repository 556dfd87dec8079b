import Foundation
import MixdownAnalysis
import MixdownTestSupport
import MixdownTime
import MixdownUnits
import XCTest

/// Precision and recall of `SpeechDetector` on speech over real kinds of noise at
/// 0, 6, 12 and 20 dB SNR (`SpeechCorpus`), against the RMS detector it replaced;
/// at 12 dB every noise must reach 0.95 recall and 0.9 precision. Gaps of 150 ms
/// are bridged on both sides (truth and detector), so the score is about words,
/// not about the ducking's bridging. Prints the rows of docs/audio-mix.md's table.
final class SpeechDetectorAccuracyTests: XCTestCase {
    static let snrs = [0.0, 6, 12, 20]
    static let maxPause = 0.15

    /// The detector's regions in samples, as planning runs it (16 kHz, defaults).
    private func detect(_ samples: [Float]) throws -> [Range<Int>] {
        let rate = try SampleRate(hertz: SpeechCorpus.rate)
        let detector = try SpeechDetector(sampleRate: rate, maxPause: .milliseconds(Int64(Self.maxPause * 1000)))
        detector.process(samples)
        return try detector.finish().map { range in
            let samples = try range.sampleRange(sampleRate: rate)
            return Int(samples.lowerBound)..<Int(samples.upperBound)
        }
    }

    /// Scores both detectors on every take under `noise` (nil: clean) at each SNR.
    private func score(_ noise: SpeechCorpus.Noise?, snrs: [Double]) throws -> [(snr: Double, old: SpeechScore, new: SpeechScore)] {
        var rows = snrs.map { (snr: $0, old: SpeechScore(), new: SpeechScore()) }
        for index in SpeechCorpus.takes.indices {
            let take = try SpeechCorpus.take(index)
            let sound = try noise.map { try SpeechCorpus.noise($0, count: take.samples.count, take: index) }
            for r in rows.indices {
                let mixture = SpeechCorpus.mixture(take, noise: sound, snr: rows[r].snr)
                rows[r].new.add(try detect(mixture), truth: take.truth, frame: SpeechCorpus.frame)
                rows[r].old.add(RMSBaselineDetector.regions(mixture, rate: SpeechCorpus.rate, maxPause: Self.maxPause),
                                truth: take.truth, frame: SpeechCorpus.frame)
            }
        }
        for row in rows {
            let snr = noise == nil ? "∞" : String(Int(row.snr))
            print("| \(noise?.rawValue ?? "clean") | \(snr) | \(row.old.text) | **\(row.new.text)** |")
        }
        return rows
    }

    private func check(_ noise: SpeechCorpus.Noise) throws {
        for row in try score(noise, snrs: Self.snrs) where row.snr == 12 {
            XCTAssertGreaterThanOrEqual(row.new.recall, 0.95, "\(noise) at 12 dB: recall")
            XCTAssertGreaterThanOrEqual(row.new.precision, 0.9, "\(noise) at 12 dB: precision")
        }
    }

    func testCleanSpeech() throws {
        let row = try XCTUnwrap(try score(nil, snrs: [.infinity]).first)
        XCTAssertGreaterThanOrEqual(row.new.recall, 0.97)
        XCTAssertGreaterThanOrEqual(row.new.precision, 0.93)
    }

    func testPinkNoise() throws { try check(.pink) }
    func testBabble() throws { try check(.babble) }
    func testChordsAsMusic() throws { try check(.music1) }
    func testRealMusic() throws { try check(.music2) }
    func testWind() throws { try check(.wind) }
    func testTraffic() throws { try check(.traffic) }
}
