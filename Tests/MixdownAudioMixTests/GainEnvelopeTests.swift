import Foundation
import Dispatch
import MixdownAudioMix
import MixdownUnits
import MixdownTime
import XCTest

final class GainEnvelopeTests: XCTestCase {
    func testAppleExampleThroughFillAtExactSampleIndices() throws {
        let envelope = GainEnvelope(layers: [try AudioMixInputParametersTests.appleExample().automationLayer])
        let samples = rendered(envelope, firstSample: 0, count: 500_000)
        XCTAssertEqual(samples[0], 1.0)
        XCTAssertEqual(samples[191_999], 1.0)
        XCTAssertEqual(samples[192_000], 0.5)
        XCTAssertEqual(samples[312_000], 0.35, accuracy: 1e-7)
        XCTAssertEqual(samples[431_999], 0.2 + 0.3 / 240_000, accuracy: 1e-7, "one step before the end")
        XCTAssertEqual(samples[432_000], 0.2)
        XCTAssertEqual(samples[499_999], 0.2)
        for n in [0, 191_999, 192_000, 312_000, 431_999, 432_000] {
            XCTAssertEqual(Double(samples[n]), envelope.gain(atSample: Int64(n), sampleRate: 48_000), accuracy: 1e-7, "n=\(n)")
        }
        // The same samples rendered in small ragged blocks.
        var n = 190_000
        while n < 440_000 {
            let count = min(1_021, 440_000 - n)
            let block = rendered(envelope, firstSample: Int64(n), count: count)
            for i in 0..<count where abs(block[i] - samples[n + i]) > 1e-7 {
                return XCTFail("block at \(n): sample \(n + i) is \(block[i]), whole render has \(samples[n + i])")
            }
            n += count
        }
    }

    func testFillMatchesReferenceNearOneHourForEveryCurve() throws {
        let rate: SampleRate = 48_000
        for curve in RampCurve.allCases {
            // A ramp down and up again straddling the one-hour mark.
            let layer = try GainLayer(kind: .automation, segments: [
                .ramp(from: 0.9, to: 0.05, over: range(3599.75, 3600.25), curve: curve),
                .ramp(from: 0.05, to: 1.0, over: range(3600.25, 3600.5), curve: curve),
            ])
            let envelope = GainEnvelope(layers: [layer])
            let first: Int64 = 172_787_000  // 3599.729 s
            var maxError = 0.0
            var n = first
            for count in [4096, 4093, 1, 7777, 4096, 16_384, 8191, 4096] {
                let block = rendered(envelope, firstSample: n, count: count, sampleRate: rate)
                for i in 0..<count {
                    let sample = n + Int64(i)
                    let reference = envelope.gain(at: Double(sample) / Double(rate.hertz))
                    maxError = max(maxError, abs(Double(block[i]) - reference))
                }
                n += Int64(count)
            }
            XCTAssertGreaterThan(n, 172_824_000, "blocks reach past the end of the ramps")
            XCTAssertLessThan(maxError, 1e-6, "\(curve)")
        }
    }

    func testProductOfLayers() throws {
        let automation = try GainLayer(kind: .automation, segments: [.ramp(from: 1, to: 0.5, over: range(0, 2))])
        let duck = try GainLayer(kind: .duck, segments: [.ramp(from: 1, to: 0.25, over: range(1, 3), curve: .sCurve)])
        let boost = try GainLayer(kind: .volume, segments: [.constant(2, from: time(0.5))])
        let envelope = GainEnvelope(layers: [automation, duck, boost])
        for t in [0.0, 0.25, 0.5, 1, 1.5, 2, 2.5, 3, 4] {
            XCTAssertEqual(envelope.gain(at: t), automation.gain(at: t) * duck.gain(at: t) * boost.gain(at: t), "t=\(t)")
        }
        XCTAssertEqual(envelope.gain(at: 0.25), 0.9375)
        XCTAssertEqual(envelope.gain(at: 1.5), 0.625 * (1 - 0.75 * (1 - cos(Double.pi / 4)) / 2) * 2, accuracy: 1e-15)
        XCTAssertEqual(envelope.gain(at: 10), 0.5 * 0.25 * 2)

        let samples = rendered(envelope, firstSample: 0, count: 4 * 48_000)
        for n in stride(from: 0, to: samples.count, by: 37) {
            XCTAssertEqual(Double(samples[n]), envelope.gain(atSample: Int64(n), sampleRate: 48_000), accuracy: 1e-6, "n=\(n)")
        }
        XCTAssertEqual(GainEnvelope(layers: []).gain(at: 3), 1)
        XCTAssertEqual(rendered(GainEnvelope(layers: []), firstSample: 5, count: 3), [1, 1, 1])
    }

    func testIsConstant() throws {
        let envelope = GainEnvelope(layers: [
            try AudioMixInputParametersTests.appleExample().automationLayer,
            try GainLayer(kind: .volume, segments: [.constant(0.5, from: time(20))]),
        ])
        XCTAssertEqual(envelope.isConstant(firstSample: 0, count: 192_000, sampleRate: 48_000), 1)
        XCTAssertNil(envelope.isConstant(firstSample: 191_000, count: 1_001, sampleRate: 48_000))
        XCTAssertNil(envelope.isConstant(firstSample: 300_000, count: 16, sampleRate: 48_000))
        XCTAssertEqual(envelope.isConstant(firstSample: 432_000, count: 4096, sampleRate: 48_000), 0.2)
        XCTAssertNil(envelope.isConstant(firstSample: 959_000, count: 4096, sampleRate: 48_000))
        XCTAssertEqual(envelope.isConstant(firstSample: 960_000, count: 4096, sampleRate: 48_000), 0.1)
        XCTAssertNil(envelope.isConstant(firstSample: 0, count: 0, sampleRate: 48_000))
    }

    func testBoundaryOffTheSampleGridAppliesFromTheFirstSampleAfterIt() throws {
        // 1/3 s at 44.1 kHz is sample 14700 exactly; 1/7 s is 6300; 1/9 s is 4900.
        // 0.1000001 s is 4410.0044 samples: it first applies to sample 4411.
        let layer = try GainLayer(kind: .automation, segments: [.constant(0.5, from: MediaTime(value: 1_000_001, timescale: 10_000_000))])
        let envelope = GainEnvelope(layers: [layer])
        let samples = rendered(envelope, firstSample: 4405, count: 10, sampleRate: 44_100)
        XCTAssertEqual(samples, [1, 1, 1, 1, 1, 1, 0.5, 0.5, 0.5, 0.5])
    }

    func testSpansListTheUnionOfLayerBoundaries() throws {
        let envelope = GainEnvelope(layers: [
            try AudioMixInputParametersTests.appleExample().automationLayer,
            try GainLayer(kind: .duck, segments: [.ramp(from: 1, to: 0.5, over: range(8, 10))]),
        ])
        XCTAssertEqual(envelope.spans.map(\.description), [
            "0s–4s 1.0 constant",
            "4s–8s 0.5→0.26 linear(automation)",
            "8s–9s 0.26→0.15000000000000002 linear(automation) × linear(duck)",
            "9s–10s 0.15000000000000002→0.1 linear(duck)",
            "10s– 0.1 constant",
        ])
        let span = envelope.spans[2]
        XCTAssertEqual(span.factors.map(\.layer), [.automation, .duck])
        XCTAssertEqual(span.factors[1].segment, .ramp(from: 1, to: 0.5, over: try range(8, 10)))
    }

    func testConcurrentFillsOfOneEnvelopeAgree() throws {
        let envelope = GainEnvelope(layers: [
            try AudioMixInputParametersTests.appleExample().automationLayer,
            try GainLayer(kind: .duck, segments: [.ramp(from: 1, to: 0.5, over: range(5, 7), curve: .equalPower)]),
        ])
        let expected = rendered(envelope, firstSample: 200_000, count: 200_000)
        let mismatches = Mismatches()
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            if rendered(envelope, firstSample: 200_000, count: 200_000) != expected { mismatches.add() }
        }
        XCTAssertEqual(mismatches.count, 0)
    }
}

/// A thread-safe counter for results checked on several threads.
private final class Mismatches: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    func add() { lock.withLock { value += 1 } }
    var count: Int { lock.withLock { value } }
}
