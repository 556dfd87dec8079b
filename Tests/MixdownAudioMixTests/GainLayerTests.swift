import MixdownAudioMix
import MixdownUnits
import MixdownTime
import XCTest

final class GainLayerTests: XCTestCase {
    func testSegmentsAreCompletedWithHolds() throws {
        let layer = try GainLayer(kind: .automation, segments: [
            .ramp(from: 0.5, to: 1, over: range(4, 5)),
            .ramp(from: 1, to: 0.25, over: range(1, 2), curve: .sCurve),
        ])
        XCTAssertEqual(layer.segments, [
            .ramp(from: 1, to: 0.25, over: try range(1, 2), curve: .sCurve),
            .constant(0.25, from: try time(2), to: try time(4)),
            .ramp(from: 0.5, to: 1, over: try range(4, 5)),
            .constant(1, from: try time(5)),
        ])
        XCTAssertEqual(layer.gain(at: 0.5), 1, "unity before the first segment")
        XCTAssertEqual(layer.gain(at: 3), 0.25, "hold between segments")
        XCTAssertEqual(layer.gain(at: 4), 0.5, "jump at a segment start")
        XCTAssertEqual(layer.gain(at: 99), 1, "hold after the last segment")
    }

    func testOpenEndedSegmentLastsUntilTheNextAndIsReplacedAtTheSameTime() throws {
        let layer = try GainLayer(kind: .automation, segments: [
            .constant(0.5, from: time(1)),
            .constant(0.7, from: time(3)),
            .constant(0.9, from: time(3)),
        ])
        XCTAssertEqual(layer.segments, [.constant(0.5, from: try time(1), to: try time(3)), .constant(0.9, from: try time(3))])
    }

    func testMalformedSegmentsAreRefused() throws {
        let backwards = GainSegment(start: try time(2), end: try time(1), startGain: 1, endGain: 1)
        assertThrows(message: "duck segment 2s–1s 1.0: end is before start") {
            _ = try GainLayer(kind: .duck, segments: [backwards])
        }
        let openRamp = GainSegment(start: .zero, end: nil, startGain: 1, endGain: 0)
        assertThrows(.invalidSegment(layer: .fade, openRamp, reason: "an open-ended segment must have one gain")) {
            _ = try GainLayer(kind: .fade, segments: [openRamp])
        }
        for gain in [-1, Double.nan, .infinity] {
            XCTAssertThrowsError(try GainLayer(kind: .volume, segments: [.constant(gain, from: .zero)]))
        }
    }

    func testOverlappingSegmentsAreRefused() throws {
        assertThrows(message: "duck segment 1s–3s 1.0→0.5 linear overlaps duck segment 2s–4s 0.5") {
            _ = try GainLayer(kind: .duck, segments: [
                .constant(0.5, from: time(2), to: time(4)),
                .ramp(from: 1, to: 0.5, over: range(1, 3)),
            ])
        }
    }

    func testNegativeStartIsEvaluatedWhereItStandsAtZero() throws {
        let layer = try GainLayer(kind: .duck, segments: [.ramp(from: 1, to: 0.5, over: range(-0.5, 0.5))])
        XCTAssertEqual(layer.gain(at: 0), 0.75)
        let envelope = GainEnvelope(layers: [layer])
        XCTAssertEqual(rendered(envelope, firstSample: 0, count: 1)[0], 0.75)
        XCTAssertEqual(envelope.spans.first?.start, .zero)
        XCTAssertEqual(envelope.spans.first?.startGain, 0.75)
    }
}
