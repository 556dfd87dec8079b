import Foundation
import MixdownMediaIO
import MixdownTestSupport
import XCTest

/// Resampling keeps frequency and level and adds little distortion.
final class ResamplingTests: XCTestCase {
    func testSineKeepsFrequencyLevelAndPurityAt48k() throws {
        let facts = try Fixture.audioFacts("sine-1k-22050.wav")
        let frequency = try Fixture.number(facts, "tone_hz")
        let amplitude = try Fixture.number(facts, "tone_amplitude")
        let decoded = try DecodeCache.shared.decode("sine-1k-22050.wav", rate: 48_000)
        XCTAssertEqual(decoded.left, decoded.right)

        // A least-squares fit of a 1 kHz sine plus DC over the middle second.
        let middle = 24_000..<72_000
        let fit = Measure.sineFit(decoded.left, frequency: frequency, rate: 48_000, range: middle)
        let thdN = Measure.dB(fit.residualRMS / fit.signalRMS)
        let levelError = Measure.dB(fit.amplitude / amplitude)
        print("sine-1k-22050 → 48k: amplitude \(fit.amplitude) (\(levelError) dB), THD+N \(thdN) dB")
        XCTAssertEqual(levelError, 0, accuracy: 0.01)
        XCTAssertLessThan(thdN, -80)

        // Frequency from the phase advance between two windows 0.5 s apart.
        let a = Measure.sineFit(decoded.left, frequency: frequency, rate: 48_000, range: 12_000..<36_000)
        let b = Measure.sineFit(decoded.left, frequency: frequency, rate: 48_000, range: 36_000..<60_000)
        var drift = b.phase - a.phase
        drift = atan2(sin(drift), cos(drift))
        let measured = frequency + drift / (2 * Double.pi * 0.5)
        print("sine-1k-22050 → 48k: frequency \(measured) Hz")
        XCTAssertEqual(measured, frequency, accuracy: 0.01)

        // Phase: output sample n is source time n/48000, so the fitted phase is the source's (sin, 0).
        XCTAssertEqual(fit.phase, 0, accuracy: 0.001, "time alignment (radians at 1 kHz)")
    }

    /// The ffmpeg CLI resamples with the same libswresample defaults, so its output is an
    /// exact oracle (mono mapped to both sides at unity, 5.1 with the ITU matrix, by `pan`).
    /// The CLI keeps the resampler's rounded-up tail and the AAC padding; lengths are
    /// checked in AudioDecoderTimingTests.
    func testResampledDecodeEqualsFFmpegCLI() throws {
        let c = "0.7071067811865476"
        let cases: [(String, [String], Float)] = [
            ("clip-b.mp4", ["-ar", "48000"], 0),
            ("music.mp3", ["-ar", "48000"], 0),
            ("vo-pauses.wav", ["-af", "pan=stereo|c0=c0|c1=c0", "-ar", "48000"], 0),
            ("sine-1k-22050.wav", ["-af", "pan=stereo|c0=c0|c1=c0", "-ar", "48000"], 0),
            ("surround51.m4a", ["-af", "pan=stereo|c0=c0+\(c)*c2+\(c)*c4|c1=c1+\(c)*c2+\(c)*c5"], 1e-6),
        ]
        for (name, arguments, tolerance) in cases {
            let ours = try DecodeCache.shared.decode(name, rate: 48_000)
            let cli = deinterleave(try Tool.ffmpegDecode(Fixture.path(name), extraArguments: arguments), channels: 2)
            XCTAssertGreaterThanOrEqual(cli[0].count, ours.count, name)
            let n = min(ours.count, cli[0].count)
            let worst = max(Measure.maxDifference(ours.left[0..<n], cli[0][0..<n]), Measure.maxDifference(ours.right[0..<n], cli[1][0..<n]))
            XCTAssertLessThanOrEqual(worst, tolerance, "\(name): max |ours − ffmpeg|")
        }
    }

    func testSourceSineIsPureAtItsOwnRate() throws {
        let decoded = try DecodeCache.shared.decode("sine-1k-22050.wav", rate: 22_050)
        let fit = Measure.sineFit(decoded.left, frequency: 1000, rate: 22_050, range: 11_025..<33_075)
        XCTAssertLessThan(Measure.dB(fit.residualRMS / fit.signalRMS), -140)
        XCTAssertEqual(fit.amplitude, 0.5, accuracy: 1e-6)
    }

    /// 44.1 kHz AAC at 48 kHz: the tone keeps its level and frequency.
    func testAACToneSurvivesResampling() throws {
        let facts = try Fixture.audioFacts("clip-b.mp4")
        let frequency = try Fixture.number(facts, "tone_hz")
        let decoded = try DecodeCache.shared.decode("clip-b.mp4", rate: 48_000)
        // 0.2–1.2 s: before the click at 1.5 s.
        let fit = Measure.sineFit(decoded.left, frequency: frequency, rate: 48_000, range: 9_600..<57_600)
        XCTAssertEqual(fit.amplitude, try Fixture.number(facts, "tone_amplitude"), accuracy: 0.002)
        XCTAssertLessThan(Measure.dB(fit.residualRMS / fit.signalRMS), -30, "AAC at 128k, then resampled")
    }
}
