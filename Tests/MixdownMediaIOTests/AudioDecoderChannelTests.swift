import Foundation
import MixdownMediaIO
import MixdownTestSupport
import XCTest

/// Mono lands on both sides at unity; 5.1 folds down with the ITU coefficients.
final class AudioDecoderChannelTests: XCTestCase {
    func testMonoGoesToBothSidesAtUnity() throws {
        let source = try Tool.soxDecode(Fixture.path("vo-short.wav"))  // mono, s16 as float
        XCTAssertEqual(source.count, Int(try Fixture.number(try Fixture.audioFacts("vo-short.wav"), "samples")))
        let native = try DecodeCache.shared.decode("vo-short.wav", rate: 22_050)
        XCTAssertEqual(native.left, native.right, "left and right bit-exact")
        XCTAssertEqual(native.count, source.count)
        XCTAssertLessThanOrEqual(Measure.maxDifference(native.left[...], source[...]), 0, "unity gain, no resampling")
        let level = Measure.dB(Measure.rms(native.left) / Measure.rms(source))
        XCTAssertEqual(level, 0, accuracy: 0.01, "level at 22050 Hz: \(level) dB")

        let resampled = try DecodeCache.shared.decode("vo-short.wav", rate: 48_000)
        XCTAssertEqual(resampled.left, resampled.right, "left and right bit-exact at 48 kHz")
        // Energy per second is kept: compare RMS over the whole take.
        let level48 = Measure.dB(Measure.rms(resampled.left) / Measure.rms(source))
        XCTAssertEqual(level48, 0, accuracy: 0.01, "level at 48 kHz: \(level48) dB")
        print("vo-short mono → stereo: level \(level) dB at 22050 Hz, \(level48) dB at 48 kHz")
    }

    func testMonoFloatSourceIsCopiedExactly() throws {
        let source = try Tool.ffmpegDecode(Fixture.path("sine-1k-22050.wav"))
        let native = try DecodeCache.shared.decode("sine-1k-22050.wav", rate: 22_050)
        XCTAssertEqual(native.left, source)
        XCTAssertEqual(native.right, source)
    }

    /// surround51.m4a has one tone per channel at 0.1: FL 300, FR 400, FC 500, LFE 60, BL 700, BR 800 Hz.
    func testFivePointOneFoldsWithITUCoefficients() throws {
        let facts = try Fixture.audioFacts("surround51.m4a")
        let tones = try XCTUnwrap(facts["tone_hz_by_channel"] as? [String: Any])
        func hz(_ channel: String) throws -> Double { try Fixture.number(tones, channel) }
        let amplitude = try Fixture.number(facts, "tone_amplitude")
        let decoded = try DecodeCache.shared.decode("surround51.m4a", rate: 48_000)
        let window = 24_000..<120_000  // 2 s: a whole number of periods of every tone
        let minus3 = amplitude * 0.5.squareRoot()
        let expectations: [(side: String, samples: [Float], levels: [String: Double])] = [
            ("L", decoded.left, ["FL": amplitude, "FR": 0, "FC": minus3, "LFE": 0, "BL": minus3, "BR": 0]),
            ("R", decoded.right, ["FL": 0, "FR": amplitude, "FC": minus3, "LFE": 0, "BL": 0, "BR": minus3]),
        ]
        var report: [String] = []
        for (side, samples, levels) in expectations {
            for (channel, expected) in levels.sorted(by: { $0.key < $1.key }) {
                let measured = Measure.tone(samples, frequency: try hz(channel), rate: 48_000, range: window).amplitude
                report.append("\(side) \(channel) \(String(format: "%.5f", measured))")
                if expected > 0 {
                    XCTAssertEqual(Measure.dB(measured / expected), 0, accuracy: 0.5,
                                   "\(side): \(channel) at \(measured), expected \(expected)")
                } else {
                    XCTAssertLessThan(measured, amplitude * 0.01, "\(side): \(channel) must be absent (≤ −40 dB), is \(measured)")
                }
            }
        }
        print("5.1 fold levels: " + report.joined(separator: ", "))
    }
}
