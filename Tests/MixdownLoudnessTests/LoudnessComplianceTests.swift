import Foundation
import MixdownLoudness
import MixdownTestSupport
import XCTest

/// The EBU Tech 3341 (loudness, true peak) and Tech 3342 (loudness range) test
/// signals that are defined by formula, synthesised at 48 kHz, against the
/// figures and tolerances the specifications give.
final class LoudnessComplianceTests: XCTestCase {
    /// Stereo: the same 1 kHz sine on both channels.
    private func stereo(_ segments: [(dBFS: Double, seconds: Double)]) -> [[Float]] {
        let signal = LoudnessSignal.sine(segments)
        return [signal, signal]
    }

    /// Tech 3341 cases 1 and 2: a stereo 1 kHz sine at −23 and −33 dBFS reads −23 and −33 LUFS
    /// (M, S, I; ±0.1 LU), and its true peak is its level (+0.2/−0.4 dB).
    func testStationarySinesReadTheirLevel() throws {
        for level in [-23.0, -33.0] {
            let figures = try loudnessFigures(stereo([(level, 20)]))
            print("Tech 3341 sine \(level) dBFS: I \(figures.integrated ?? -.infinity), M max \(figures.maxMomentary), "
                  + "S max \(figures.maxShortTerm), LRA \(figures.range), TP \(figures.truePeak), SP \(figures.samplePeak)")
            XCTAssertEqual(try XCTUnwrap(figures.integrated), level, accuracy: 0.1)
            XCTAssertEqual(figures.maxMomentary, level, accuracy: 0.1)
            XCTAssertEqual(figures.maxShortTerm, level, accuracy: 0.1)
            XCTAssertEqual(figures.range, 0, accuracy: 0.1, "a steady tone has no loudness range")
            XCTAssertEqual(figures.truePeak, level, accuracy: 0.2)
        }
    }

    /// Tech 3341 cases 3, 4 and 5: the absolute (−70 LUFS) and relative (−10 LU) gates
    /// leave −23 LUFS (±0.1 LU).
    func testGatingCases() throws {
        let cases: [(String, [(dBFS: Double, seconds: Double)])] = [
            ("3", [(-36, 10), (-23, 60), (-36, 10)]),
            ("4", [(-72, 10), (-36, 10), (-23, 60), (-36, 10), (-72, 10)]),
            ("5", [(-26, 20), (-20, 20.1), (-26, 20)]),
        ]
        for (name, segments) in cases {
            let integrated = try XCTUnwrap(loudnessFigures(stereo(segments)).integrated)
            print("Tech 3341 case \(name): I \(integrated) LUFS")
            XCTAssertEqual(integrated, -23, accuracy: 0.1, "case \(name)")
        }
    }

    /// Tech 3341 case 6 in FFmpeg's 5.1 order: L, R at −28, C at −24, Ls, Rs at −30
    /// dBFS (weighted +1.5 dB) read −23 LUFS (±0.1 LU); a loud LFE does not count.
    func testFiveChannelCaseWeightsSurroundsAndIgnoresLFE() throws {
        let lfe = LoudnessSignal.sine([(-10, 20)], frequency: 60)
        let channels = [-28.0, -28, -24, 0, -30, -30].enumerated().map { index, level in
            index == 3 ? lfe : LoudnessSignal.sine([(level, 20)])
        }
        let integrated = try XCTUnwrap(loudnessFigures(channels).integrated)
        print("Tech 3341 case 6 (5.1, LFE at −10 dBFS): I \(integrated) LUFS")
        XCTAssertEqual(integrated, -23, accuracy: 0.1)
    }

    /// Tech 3341 case 9: 1.34 s at −20 dBFS and 1.66 s at −30, five times: every
    /// short-term reading from 3 s on is −23 LUFS (±0.1 LU). Case 12: 0.18 s at −20
    /// and 0.22 s at −30, 25 times: every momentary reading from 1 s on is −23.
    func testShortTermAndMomentaryWindows() throws {
        let cases: [(name: String, segments: [(dBFS: Double, seconds: Double)], repeats: Int, from: Int, shortTerm: Bool)] = [
            ("9 (short-term)", [(-20, 1.34), (-30, 1.66)], 5, 30, true),
            ("12 (momentary)", [(-20, 0.18), (-30, 0.22)], 25, 10, false),
        ]
        for (name, segments, repeats, from, shortTerm) in cases {
            let signal = stereo(Array([[(dBFS: Double, seconds: Double)]](repeating: segments, count: repeats).joined()))
            let meter = try LoudnessMeter(channels: 2, sampleRate: 48_000, measures: .range)
            var readings: [Double] = []
            let steps = signal[0].count / meter.step
            for step in 0..<steps {
                try meter.feed(signal, range: step * meter.step..<(step + 1) * meter.step)
                if step + 1 >= from { readings.append(shortTerm ? meter.shortTerm : meter.momentary) }
            }
            let worst = readings.map { abs($0 + 23) }.max() ?? .infinity
            print("Tech 3341 case \(name): \(readings.count) readings, \(readings.min()!)…\(readings.max()!) LUFS")
            XCTAssertEqual(readings.count, steps - from + 1, "one reading per 100 ms from \(from) steps on")
            XCTAssertLessThanOrEqual(worst, 0.1, "case \(name)")
        }
    }

    /// Tech 3341 cases 15 to 19: sines at fs/4, fs/6 and fs/8 whose samples miss the
    /// peak read −6 dBTP (+3 dBTP for case 19), within +0.2/−0.4 dB; the sample peak
    /// is the largest sample.
    ///
    /// The cases specify a steady tone, so the signals fade in and out over 20 ms:
    /// cut in abruptly at 60° (case 17), a tone is a real transient whose
    /// band-limited reconstruction overshoots (measured: −5.66 dBTP instead of −6).
    func testTruePeakCases() throws {
        let cases: [(name: String, divisor: Double, phase: Double, amplitude: Double, expected: Double)] = [
            ("15", 4, 0, 0.5, -6), ("16", 4, 45, 0.5, -6), ("17", 6, 60, 0.5, -6), ("18", 8, 67.5, 0.5, -6),
            ("19", 4, 45, 1.41, 3),
        ]
        for (name, divisor, phase, amplitude, expected) in cases {
            let signal = LoudnessSignal.faded(
                LoudnessSignal.sine([(20 * log10(amplitude), 1)], frequency: 48_000 / divisor, phaseDegrees: phase))
            let figures = try loudnessFigures([signal, signal])
            let largest = Double(signal.map(abs).max()!)
            print("Tech 3341 case \(name): TP \(figures.truePeak) dBTP (expected \(expected)), SP \(figures.samplePeak) dBFS")
            XCTAssertLessThanOrEqual(figures.truePeak, expected + 0.2, "case \(name)")
            XCTAssertGreaterThanOrEqual(figures.truePeak, expected - 0.4, "case \(name)")
            XCTAssertEqual(figures.samplePeak, 20 * log10(largest), accuracy: 1e-9, "case \(name)")
        }
    }

    /// Tech 3342 cases 1 to 4: 20 s segments of a stereo 1 kHz sine give the loudness
    /// range of their levels (±1 LU).
    func testLoudnessRangeCases() throws {
        let cases: [(name: String, levels: [Double], expected: Double)] = [
            ("1", [-20, -30], 10), ("2", [-20, -15], 5), ("3", [-40, -20], 20), ("4", [-50, -35, -20, -35, -50], 15),
        ]
        for (name, levels, expected) in cases {
            let range = try loudnessFigures(stereo(levels.map { ($0, 20) })).range
            print("Tech 3342 case \(name): LRA \(range) LU (expected \(expected))")
            XCTAssertEqual(range, expected, accuracy: 1, "case \(name)")
        }
    }
}
