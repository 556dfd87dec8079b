import Foundation
import MixdownAudioMix
import XCTest

final class RampCurveTests: XCTestCase {
    private let pairs: [(Double, Double)] = [(0, 1), (1, 0), (0.5, 0.2), (0.2, 2), (15.8, 0), (0, 0.0001), (0.001, 1)]

    func testEndpointsAreExact() {
        for curve in RampCurve.allCases {
            for (a, b) in pairs {
                XCTAssertEqual(curve.value(from: a, to: b, at: 0), a, "\(curve) \(a)→\(b) at 0")
                XCTAssertEqual(curve.value(from: a, to: b, at: 1), b, "\(curve) \(a)→\(b) at 1")
                XCTAssertEqual(curve.value(from: a, to: b, at: -0.5), a, "\(curve) clamps below 0")
                XCTAssertEqual(curve.value(from: a, to: b, at: 1.5), b, "\(curve) clamps above 1")
            }
        }
    }

    func testConstantWhenEndpointsAreEqual() {
        for curve in RampCurve.allCases {
            for gain in [0, 0.3, 1, 7.7] {
                for x in stride(from: 0.0, through: 1, by: 0.125) {
                    XCTAssertEqual(curve.value(from: gain, to: gain, at: x), gain, "\(curve) \(gain) at \(x)")
                }
            }
        }
    }

    func testMonotone() {
        for curve in RampCurve.allCases {
            for (a, b) in pairs {
                var previous = a
                for i in 1...10_000 {
                    let value = curve.value(from: a, to: b, at: Double(i) / 10_000)
                    let ok = a < b ? value >= previous : value <= previous
                    if !ok {
                        XCTFail("\(curve) \(a)→\(b) steps back at x=\(Double(i) / 10_000): \(previous) then \(value)")
                        break
                    }
                    previous = value
                }
            }
        }
    }

    func testLinearFormula() {
        XCTAssertEqual(RampCurve.linear.value(from: 0, to: 1, at: 0.25), 0.25)
        XCTAssertEqual(RampCurve.linear.value(from: 0.5, to: 0.2, at: 0.5), 0.35, accuracy: 1e-15)
    }

    func testEqualPowerFormula() {
        // 0 → 1 is √x.
        XCTAssertEqual(RampCurve.equalPower.value(from: 0, to: 1, at: 0.25), 0.5, accuracy: 1e-15)
        XCTAssertEqual(RampCurve.equalPower.value(from: 0, to: 1, at: 0.5), 0.5.squareRoot(), accuracy: 1e-15)
        // √(a²(1−x) + b²x)
        XCTAssertEqual(RampCurve.equalPower.value(from: 1, to: 0.5, at: 0.5), (0.5 + 0.125).squareRoot(), accuracy: 1e-15)
    }

    func testEqualPowerCrossfadeHasConstantPower() {
        for i in 0...1000 {
            let x = Double(i) / 1000
            let fadeOut = RampCurve.equalPower.value(from: 1, to: 0, at: x)
            let fadeIn = RampCurve.equalPower.value(from: 0, to: 1, at: x)
            XCTAssertEqual(fadeOut * fadeOut + fadeIn * fadeIn, 1, accuracy: 1e-12, "x=\(x)")
        }
    }

    func testDecibelFormulaIsLinearInDecibels() {
        // 0.001 (−60 dB) → 1 (0 dB): −45 dB at 1/4, −30 dB at 1/2.
        XCTAssertEqual(RampCurve.decibel.value(from: 0.001, to: 1, at: 0.25), pow(10, -45.0 / 20), accuracy: 1e-15)
        XCTAssertEqual(RampCurve.decibel.value(from: 0.001, to: 1, at: 0.5), pow(10, -30.0 / 20), accuracy: 1e-15)
        // 2 → 0.5 (+6.02 → −6.02 dB): 0 dB halfway.
        XCTAssertEqual(RampCurve.decibel.value(from: 2, to: 0.5, at: 0.5), 1, accuracy: 1e-15)
    }

    func testDecibelRampFromSilenceUsesTheMinus60Floor() {
        // Inside the ramp 0 counts as −60 dB; the endpoint is still exactly 0.
        XCTAssertEqual(RampCurve.decibel.value(from: 1, to: 0, at: 0.5), pow(10, -30.0 / 20), accuracy: 1e-15)
        XCTAssertEqual(RampCurve.decibel.value(from: 0, to: 1, at: 0.25), pow(10, -45.0 / 20), accuracy: 1e-15)
        XCTAssertEqual(RampCurve.decibel.value(from: 1, to: 0, at: 1 - 1e-12), RampCurve.decibelFloor, accuracy: 1e-12)
        XCTAssertEqual(RampCurve.decibel.value(from: 1, to: 0, at: 1), 0)
        // An endpoint quieter than the floor stands in for silence instead.
        XCTAssertEqual(RampCurve.decibel.value(from: 0, to: 0.0001, at: 0.5), 0.0001, accuracy: 1e-18)
    }

    func testSCurveFormula() {
        XCTAssertEqual(RampCurve.sCurve.value(from: 0, to: 1, at: 0.25), (1 - cos(Double.pi / 4)) / 2, accuracy: 1e-15)
        XCTAssertEqual(RampCurve.sCurve.value(from: 0, to: 1, at: 0.5), 0.5, accuracy: 1e-15)
        XCTAssertEqual(RampCurve.sCurve.value(from: 1, to: 0.5, at: 0.25), 1 - 0.5 * (1 - cos(Double.pi / 4)) / 2, accuracy: 1e-15)
    }

    func testRawValuesAreTheCommandLineSpellings() {
        XCTAssertEqual(RampCurve.allCases.map(\.rawValue), ["linear", "equal-power", "db", "s-curve"])
        XCTAssertEqual(RampCurve(rawValue: "s-curve"), .sCurve)
    }
}
