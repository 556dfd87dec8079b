import MixdownAudioMix
import MixdownUnits
import MixdownTime
import XCTest

final class DuckingTests: XCTestCase {
    /// −12 dB as a linear gain.
    private let duck = 0.251_188_643_150_958

    private func layer(_ regions: [(Double, Double)], _ settings: DuckingSettings = DuckingSettings()) throws -> GainLayer {
        try settings.duckLayer(for: regions.map { DuckRegion(range: try range($0.0, $0.1)) })
    }

    func testDuckDepthAndRamps() throws {
        XCTAssertEqual(DuckDepth.standard.gain, duck, accuracy: 1e-15)
        let layer = try layer([(5, 8)])
        let expected: [(Double, Double)] = [
            (0, 1), (4.5, 1), (4.75, 1 + (duck - 1) / 2), (5, duck), (7.9, duck), (8, duck),
            (8.25, duck + (1 - duck) / 2), (8.5, 1), (20, 1),
        ]
        for (t, gain) in expected {
            XCTAssertEqual(layer.gain(at: t), gain, accuracy: 1e-15, "t=\(t)")
        }
        XCTAssertEqual(layer.name, "duck")
    }

    func testGapShorterThanMaxPauseIsBridged() throws {
        // 0.8 s gap, max pause 1.0 s: the music stays down.
        let layer = try layer([(2, 4), (4.8, 6)])
        for t in [4.0, 4.2, 4.4, 4.79] {
            XCTAssertEqual(layer.gain(at: t), duck, accuracy: 1e-15, "t=\(t)")
        }
        XCTAssertEqual(layer.gain(at: 6.5), 1)
    }

    func testGapLongerThanMaxPauseIsNotBridged() throws {
        // 1.5 s gap: up over 4–4.5 s, 1 until 5 s, down over 5–5.5 s.
        let layer = try layer([(2, 4), (5.5, 7)])
        XCTAssertEqual(layer.gain(at: 4.25), duck + (1 - duck) / 2, accuracy: 1e-15)
        XCTAssertEqual(layer.gain(at: 4.5), 1)
        XCTAssertEqual(layer.gain(at: 4.75), 1)
        XCTAssertEqual(layer.gain(at: 5), 1)
        XCTAssertEqual(layer.gain(at: 5.25), 1 + (duck - 1) / 2, accuracy: 1e-15)
        XCTAssertEqual(layer.gain(at: 5.5), duck)
    }

    func testBridgeIsAtLeastTheTwoRampsLong() throws {
        // A 1.2 s gap exceeds the 1 s max pause but not 0.8 + 0.8 s of ramps.
        let settings = DuckingSettings(fadeDown: try time(0.8), fadeUp: try time(0.8))
        XCTAssertEqual(try layer([(2, 4), (5.2, 6)], settings).gain(at: 4.6), duck, accuracy: 1e-15)
        XCTAssertEqual(try layer([(2, 4), (5.6, 6)], settings).gain(at: 4.8), 1)
    }

    func testBridgedGroupUsesItsDeepestDepth() throws {
        let layer = try DuckingSettings().duckLayer(for: [
            DuckRegion(range: try range(2, 4), depth: try DuckDepth(decibels: -6)),
            DuckRegion(range: try range(4.5, 6), depth: try DuckDepth(decibels: -18)),
            DuckRegion(range: try range(10, 12), depth: try DuckDepth(decibels: -6)),
        ])
        let deepest = (try DuckDepth(decibels: -18)).gain
        XCTAssertEqual(layer.gain(at: 3), deepest)
        XCTAssertEqual(layer.gain(at: 5), deepest)
        XCTAssertEqual(layer.gain(at: 11), (try DuckDepth(decibels: -6)).gain)
    }

    func testOptedOutRegionsDoNotDuck() throws {
        let layer = try DuckingSettings().duckLayer(for: [
            DuckRegion(range: try range(2, 4), ducks: false),
            DuckRegion(range: try range(8, 9)),
        ])
        XCTAssertEqual(layer.gain(at: 3), 1)
        XCTAssertEqual(layer.gain(at: 8.5), duck)
    }

    func testRampBeforeZeroIsCutAtZeroWithItsValueThere() throws {
        // Voice at 0.2 s with a 0.5 s fade-down: the ramp runs from −0.3 s,
        // so at 0 s it is 60 % of the way down.
        let layer = try layer([(0.2, 3)])
        let atZero = 1 + (duck - 1) * 0.6
        XCTAssertEqual(layer.gain(at: 0), atZero, accuracy: 1e-15)
        XCTAssertEqual(layer.gain(at: 0.2), duck)
        let envelope = GainEnvelope(layers: [layer])
        XCTAssertEqual(Double(rendered(envelope, firstSample: 0, count: 1)[0]), atZero, accuracy: 1e-7)
        let first = try XCTUnwrap(envelope.spans.first)
        XCTAssertEqual(first.start, .zero)
        XCTAssertEqual(first.startGain, atZero, accuracy: 1e-15)
        XCTAssertEqual(first.end, try time(0.2))
    }

    func testZeroLengthRampsAreJumps() throws {
        let settings = DuckingSettings(fadeDown: .zero, fadeUp: .zero)
        let layer = try layer([(2, 4), (4.5, 5)], settings)
        XCTAssertEqual(layer.gain(at: 1.999), 1)
        XCTAssertEqual(layer.gain(at: 2), duck)
        XCTAssertEqual(layer.gain(at: 4.25), duck, "0.5 s gap still bridged by the 1 s max pause")
        XCTAssertEqual(layer.gain(at: 4.999), duck)
        XCTAssertEqual(layer.gain(at: 5), 1)
    }

    func testInvalidSettingsAreRefused() throws {
        // Depths outside -120...0 dB cannot be made at all (MixdownUnitsTests).
        assertThrows(message: "duck fade-up: must not be negative, got -1s") {
            _ = try DuckingSettings(fadeUp: try time(-1)).duckLayer(for: [])
        }
    }
}
