import Foundation
import MixdownAudioMix
import MixdownUnits
import MixdownTime
import XCTest

final class CombinedEnvelopeTests: XCTestCase {
    func testVolumeTimesFadeTimesDuck() throws {
        var parameters = AudioMixInputParameters(trackID: 1)
        try parameters.setVolume(0.8, at: .zero)
        let envelope = GainEnvelope(layers: [
            parameters.automationLayer,
            try Fade(fadeIn: time(1), fadeOut: time(1)).layer(over: range(0, 20)),
            try DuckingSettings().duckLayer(for: [DuckRegion(range: try range(5, 8))]),
        ])
        let duck = DuckDepth.standard.gain
        let expected: [(Double, Double)] = [
            (0, 0), (0.5, 0.4), (2, 0.8), (4.75, 0.8 * (1 + duck) / 2), (6, 0.8 * duck), (12, 0.8), (19.5, 0.4),
        ]
        for (t, gain) in expected {
            XCTAssertEqual(envelope.gain(at: t), gain, accuracy: 1e-15, "t=\(t)")
            let n = Int64(t * 48_000)
            XCTAssertEqual(Double(rendered(envelope, firstSample: n, count: 1)[0]), gain, accuracy: 1e-7, "sample \(n)")
        }
        XCTAssertEqual(envelope.spans.first { $0.start == (try? time(4.5)) }?.curveDescription, "linear(duck)")
    }

    func testNoSampleStepsFurtherThanTheRampsAllow() throws {
        let rate = 48_000.0
        var parameters = AudioMixInputParameters(trackID: 1)
        try parameters.setVolumeRamp(from: 1, to: 0.5, timeRange: range(2, 12))
        let settings = DuckingSettings(curve: .sCurve)
        let envelope = GainEnvelope(layers: [
            parameters.automationLayer,
            try Fade(fadeIn: time(1), fadeOut: time(1.5), curve: .sCurve).layer(over: range(0, 20)),
            try settings.duckLayer(for: [
                DuckRegion(range: try range(0.2, 3)), DuckRegion(range: try range(3.8, 6)), DuckRegion(range: try range(9, 11)),
            ]),
        ])
        // Each layer's steepest step per sample, every gain at most 1: the
        // product can step by at most their sum.
        let duck = DuckDepth.standard.gain
        let sCurveSlope = Double.pi / 2
        let bound = 0.5 / (10 * rate) + sCurveSlope / (1 * rate) + sCurveSlope * (1 - duck) / (0.5 * rate)
        let total = Int(21 * rate)
        var previous = Double(rendered(envelope, firstSample: 0, count: 1)[0])
        var largest = 0.0
        var first = 0
        while first < total {
            let count = min(4096, total - first)
            for value in rendered(envelope, firstSample: Int64(first), count: count) {
                XCTAssertTrue(value.isFinite)
                largest = max(largest, abs(Double(value) - previous))
                previous = Double(value)
            }
            first += count
        }
        XCTAssertLessThanOrEqual(largest, bound * 1.001 + 1e-7, "largest step \(largest), bound \(bound)")
        XCTAssertGreaterThan(largest, bound / 4, "the envelope really does move")
    }
}
