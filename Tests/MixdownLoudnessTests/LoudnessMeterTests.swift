import Foundation
import MixdownLoudness
import MixdownTestSupport
import MixdownUnits
import XCTest

/// The meter's contract beyond the compliance cases: blocks and layouts do not
/// change a reading, silence is reported as silence, refusals are errors.
final class LoudnessMeterTests: XCTestCase {
    /// 12 s of stereo noise with a quiet stretch, so every figure has something to find.
    private func programme() -> [[Float]] {
        let left = LoudnessSignal.noise(seconds: 12, seed: 3), right = LoudnessSignal.noise(seconds: 12, seed: 4)
        let quiet = 4 * 48_000..<6 * 48_000
        return [left, right].map { channel in
            var channel = channel
            for i in quiet { channel[i] *= 0.05 }
            return channel
        }
    }

    /// One interleaved call and planar blocks of 1, 7, 4800, 16384 and 1000 frames
    /// (crossing the 100 ms grid everywhere) give the same figures, bit for bit.
    func testFiguresDoNotDependOnBlocksOrLayout() throws {
        let channels = programme()
        let whole = try LoudnessAnalyzer(channels: 2, sampleRate: 48_000)
        try interleave(channels).withUnsafeBufferPointer { try whole.add(interleaved: $0) }
        let blocks = try LoudnessAnalyzer(channels: 2, sampleRate: 48_000)
        try blocks.feed(channels, blocks: [1, 7, 4800, 16_384, 1000])
        let a = whole.figures, b = blocks.figures
        print("programme: I \(a.integrated ?? -.infinity) LRA \(a.range) TP \(a.truePeak) at \(a.truePeakTime.seconds) s, "
              + "M max \(a.maxMomentary) S max \(a.maxShortTerm)")
        XCTAssertEqual(a, b)
        XCTAssertEqual(whole.framesFed, Int64(channels[0].count))
        // The figures are not trivially equal: a real programme with a range and a peak.
        XCTAssertGreaterThan(a.range, 1)
        XCTAssertGreaterThan(a.truePeak, a.samplePeak - 0.001)
        XCTAssertEqual(a.samplePeak, 20 * log10(Double(channels.joined().map(abs).max()!)), accuracy: 1e-9)
    }

    /// A bare meter reads the same fed interleaved in one call as fed planar blocks.
    func testMeterReadsInterleavedAsPlanar() throws {
        let channels = programme()
        let planar = try LoudnessMeter(channels: 2, sampleRate: 48_000)
        try planar.feed(channels, block: 5000)
        let interleaved = try LoudnessMeter(channels: 2, sampleRate: 48_000)
        try interleave(channels).withUnsafeBufferPointer { try interleaved.add(interleaved: $0) }
        try interleaved.add(interleaved: UnsafeBufferPointer(start: nil, count: 0))
        XCTAssertEqual(interleaved.framesFed, Int64(channels[0].count))
        XCTAssertEqual(planar.integrated, interleaved.integrated)
        XCTAssertEqual(planar.range, interleaved.range)
        XCTAssertEqual(planar.truePeak, interleaved.truePeak)
        XCTAssertEqual(planar.shortTerm, interleaved.shortTerm)
        XCTAssertNotNil(planar.integrated)
    }

    /// Digital silence, a tone below the −70 LUFS gate and a tone shorter than one
    /// 400 ms block have no integrated loudness (nil, "silent"), and no figure is NaN.
    func testSilenceIsReportedAsSilent() throws {
        let cases: [(String, [Float], Bool)] = [
            ("digital silence", [Float](repeating: 0, count: 5 * 48_000), true),
            ("a tone at −80 dBFS", LoudnessSignal.sine([(-80, 5)]), false),
            ("0.3 s of a tone at −20 dBFS", LoudnessSignal.sine([(-20, 0.3)]), false),
        ]
        for (name, signal, digital) in cases {
            let figures = try loudnessFigures([signal, signal])
            print("\(name): I \(String(describing: figures.integrated)), TP \(figures.truePeak), M max \(figures.maxMomentary)")
            XCTAssertNil(figures.integrated, name)
            XCTAssertTrue(figures.isSilent, name)
            XCTAssertEqual(figures.range, 0, name)
            for value in [figures.truePeak, figures.samplePeak, figures.maxMomentary, figures.maxShortTerm] {
                XCTAssertFalse(value.isNaN, name)
            }
            if digital {
                XCTAssertEqual(figures.truePeak, -.infinity)
                XCTAssertEqual(figures.samplePeak, -.infinity)
                XCTAssertEqual(figures.maxMomentary, -.infinity)
            } else {
                XCTAssertTrue(figures.truePeak.isFinite, name)
            }
        }
        let meter = try LoudnessMeter(channels: 1, sampleRate: 48_000, measures: .integrated)
        XCTAssertNil(meter.integrated, "nothing fed")
        XCTAssertNil(LoudnessMeter.integrated(of: [meter]))
    }

    /// Formats libebur128 cannot meter are refused with an error that says what it takes.
    /// (Every `SampleRate` is one it takes: a rate it refuses cannot be asked for.)
    func testUnmeterableFormatsAreRefused() {
        for (channels, rate) in [(0, 48_000), (65, 48_000), (65, 8_000)] as [(Int, SampleRate)] {
            XCTAssertThrowsError(try LoudnessMeter(channels: channels, sampleRate: rate)) { error in
                let message = String(describing: error)
                XCTAssertEqual(message, "loudness meter: unsupported: libebur128 cannot meter \(channels) channels at "
                               + "\(rate) (it takes 1 to 64 channels at 16 Hz to 2822.4 kHz)")
            }
        }
    }
}
