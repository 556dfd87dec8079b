import Foundation
import MixdownZimg
import XCTest

/// BT.2390's EETF (`ToneCurve`) against the recommendation's formula and its
/// promised properties, on its own.
final class ToneCurveTests: XCTestCase {
    private let curve = ToneCurve(sourcePeak: 1000, targetPeak: 100)

    /// PQ at the luminances the mappings use, against published values
    /// (BT.2100 / BT.2408's tables: 100 cd/m² = 50.8 %, 203 = 58.1 %, 1000 = 75.2 %).
    func testPQMatchesPublishedSignals() {
        XCTAssertEqual(ToneCurve.signal(luminance: 100), 0.508078, accuracy: 1e-6)
        XCTAssertEqual(ToneCurve.signal(luminance: 203), 0.580689, accuracy: 1e-6)
        XCTAssertEqual(ToneCurve.signal(luminance: 1000), 0.751827, accuracy: 1e-6)
        XCTAssertEqual(ToneCurve.signal(luminance: 10_000), 1, accuracy: 1e-12)
        for nits in [0.01, 1, 37, 100, 203, 1000, 4000] {
            XCTAssertEqual(ToneCurve.luminance(signal: ToneCurve.signal(luminance: nits)), nits, accuracy: nits * 1e-9)
        }
    }

    /// maxLum = PQ(100) / PQ(1000) = 0.67579, KS = 1.5 · maxLum − 0.5 = 0.51369.
    func testKneeOfThousandToHundred() {
        XCTAssertEqual(curve.maximumLuminance, 0.508078 / 0.751827, accuracy: 1e-5)
        XCTAssertEqual(curve.kneeStart, 0.51369, accuracy: 1e-5)
        // The knee in light: PQ⁻¹(KS · PQ(1000)), about 27.9 cd/m².
        XCTAssertEqual(ToneCurve.luminance(signal: curve.kneeStart * curve.sourcePeakSignal), 27.86, accuracy: 0.01)
    }

    func testZeroStaysZeroAndThePeakLandsOnTheTargetPeak() {
        XCTAssertEqual(curve(signal: 0), 0)
        XCTAssertEqual(curve(luminance: 0), 0)
        XCTAssertEqual(curve(luminance: 1000), 100, accuracy: 1e-9)
        XCTAssertEqual(curve(luminance: 5000), 100, accuracy: 1e-9, "above the source's peak the curve stays at the target's")
        let pqPeak = ToneCurve(sourcePeak: 4000, targetPeak: 100)
        XCTAssertEqual(pqPeak(luminance: 4000), 100, accuracy: 1e-9)
    }

    func testIdentityBelowTheKnee() {
        let knee = curve.kneeStart * curve.sourcePeakSignal
        for i in 0..<1000 {
            let signal = knee * Double(i) / 1000
            XCTAssertEqual(curve(signal: signal), signal, "signal \(signal) is below the knee at \(knee)")
        }
        XCTAssertEqual(curve(luminance: 10), 10, accuracy: 1e-9)
        XCTAssertEqual(curve(luminance: 25), 25, accuracy: 1e-9)
    }

    func testMonotonicAndSmoothAtTheKnee() {
        var previous = -1.0
        for i in 0...20_000 {
            let signal = Double(i) / 20_000
            let mapped = curve(signal: signal)
            XCTAssertGreaterThanOrEqual(mapped, previous, "not monotonic at signal \(signal)")
            previous = mapped
        }
        // Slope 1 entering the knee, 0 at the peak (the Hermite spline's end tangents).
        let knee = curve.kneeStart * curve.sourcePeakSignal, h = 1e-7
        XCTAssertEqual((curve(signal: knee + h) - curve(signal: knee)) / h, 1, accuracy: 1e-4)
        let peak = curve.sourcePeakSignal
        XCTAssertEqual((curve(signal: peak) - curve(signal: peak - h)) / h, 0, accuracy: 1e-4)
    }

    /// The curve against BT.2390's formula written separately in the tests, at
    /// sample points through the knee, for HLG's 1000 cd/m² and a 4000 cd/m² PQ master.
    func testMatchesTheFormula() {
        for sourcePeak in [1000.0, 4000] {
            let tone = ToneCurve(sourcePeak: sourcePeak, targetPeak: 100)
            for nits in [1.0, 20, 40, 60, 100, 203, 400, 700, 1000, 2000, 4000] {
                let expected = BT2100.eetf(nits, sourcePeak: sourcePeak, targetPeak: 100)
                XCTAssertEqual(tone(luminance: nits), expected, accuracy: expected * 1e-9, "\(nits) cd/m² from a \(sourcePeak) peak")
            }
        }
        // Hand-worked point: 203 cd/m² from 1000. E1 = 0.580689 / 0.751827 = 0.772370,
        // T = (0.772370 − 0.513687) / 0.486313 = 0.531927, E2 = 0.659168 → PQ⁻¹(0.659168 · 0.751827) = 88.24 cd/m².
        XCTAssertEqual(curve(luminance: 203), 88.24, accuracy: 0.01)
    }

    func testNoCompressionWhenTheSourceFitsTheTarget() {
        let fits = ToneCurve(sourcePeak: 80, targetPeak: 100)
        XCTAssertFalse(fits.compresses)
        for nits in [0.5, 10, 50, 80, 95] {
            XCTAssertEqual(fits(luminance: nits), nits, accuracy: nits * 1e-12)
        }
    }
}
