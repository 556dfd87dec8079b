import Foundation
import MixdownAudioMix
import MixdownTime
import XCTest

final class FadeTests: XCTestCase {
    func testFadeEdges() throws {
        let layer = try Fade(fadeIn: time(1), fadeOut: time(2)).layer(over: range(10, 20))
        let expected: [(Double, Double)] = [
            (9.5, 1), (10, 0), (10.5, 0.5), (11, 1), (15, 1), (18, 1), (19, 0.5), (20, 0), (25, 0),
        ]
        for (t, gain) in expected {
            XCTAssertEqual(layer.gain(at: t), gain, "t=\(t)")
        }
        XCTAssertEqual(layer.gain(at: 19.999), 0.0005, accuracy: 1e-12)
        XCTAssertEqual(layer.name, "fade")
    }

    func testFadeEdgesAtSampleIndices() throws {
        let envelope = GainEnvelope(layers: [try Fade(fadeIn: time(0.5), fadeOut: time(0.5), curve: .sCurve).layer(over: range(1, 3))])
        let samples = rendered(envelope, firstSample: 48_000, count: 96_000)
        XCTAssertEqual(samples[0], 0, "first sample of the item")
        XCTAssertEqual(samples[6_000], Float((1 - cos(Double.pi / 4)) / 2), accuracy: 1e-7)
        XCTAssertEqual(samples[12_000], 0.5, accuracy: 1e-7)
        XCTAssertEqual(samples[24_000], 1, "fade-in done")
        XCTAssertEqual(samples[71_999], 1, "last sample before the fade-out")
        XCTAssertEqual(samples[72_000], 1, "fade-out starts at 1")
        XCTAssertEqual(samples[84_000], 0.5, accuracy: 1e-7)
        XCTAssertEqual(samples[95_999], Float(RampCurve.sCurve.value(from: 1, to: 0, at: 23_999.0 / 24_000)), accuracy: 1e-7)
        XCTAssertEqual(envelope.gain(atSample: 144_000, sampleRate: 48_000), 0, "silent from the item's end")
    }

    func testFadesLongerThanTheItemAreScaledInProportion() throws {
        // 3 s + 1 s on a 2 s item: 1.5 s in, 0.5 s out, meeting at 1.5 s.
        let layer = try Fade(fadeIn: time(3), fadeOut: time(1)).layer(over: range(0, 2))
        XCTAssertEqual(layer.gain(at: 0.75), 0.5)
        XCTAssertEqual(layer.gain(at: 1.5), 1)
        XCTAssertEqual(layer.gain(at: 1.75), 0.5)
        XCTAssertEqual(layer.segments.map(\.start), [try time(0), try time(1.5), try time(2)])
    }

    func testSeveralItemsOnOneLayer() throws {
        let layer = try Fade.layer(items: [
            (range(0, 4), Fade(fadeIn: time(1))),
            (range(4, 8), Fade(fadeOut: time(2))),
            (range(10, 12), Fade(fadeIn: time(1), fadeOut: time(1))),
        ])
        XCTAssertEqual(layer.gain(at: 0.5), 0.5)
        XCTAssertEqual(layer.gain(at: 3.9), 1)
        XCTAssertEqual(layer.gain(at: 4), 1, "the second item starts at full level")
        XCTAssertEqual(layer.gain(at: 7), 0.5)
        XCTAssertEqual(layer.gain(at: 9), 0, "between items: the previous item's end")
        XCTAssertEqual(layer.gain(at: 10.5), 0.5)
        XCTAssertEqual(layer.gain(at: 11.5), 0.5)
    }

    func testEqualPowerCrossfadeHasConstantPowerPerSample() throws {
        let outgoing = GainEnvelope(layers: [try Fade(fadeOut: time(1), curve: .equalPower).layer(over: range(0, 10))])
        let incoming = GainEnvelope(layers: [try Fade(fadeIn: time(1), curve: .equalPower).layer(over: range(9, 20))])
        let a = rendered(outgoing, firstSample: 432_000, count: 48_000)
        let b = rendered(incoming, firstSample: 432_000, count: 48_000)
        for i in 0..<a.count {
            XCTAssertEqual(Double(a[i]) * Double(a[i]) + Double(b[i]) * Double(b[i]), 1, accuracy: 1e-6, "sample \(432_000 + i)")
        }
    }

    func testNegativeLengthsAreRefused() throws {
        assertThrows(message: "fade-in: must not be negative, got -1s") {
            _ = try Fade(fadeIn: time(-1)).layer(over: range(0, 5))
        }
        assertThrows(message: "fade-out: must not be negative, got -0.5s") {
            _ = try Fade(fadeOut: time(-0.5)).layer(over: range(0, 5))
        }
    }
}
