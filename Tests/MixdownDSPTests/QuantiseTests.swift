import MixdownDSP
import XCTest

/// `DSP.quantise` against a scalar reference: rounding, clipping, NaN, interleaving.
final class QuantiseTests: XCTestCase {
    func reference(_ x: Float, scale: Float) -> (Int32, Bool) {
        var v = x.isNaN ? 0 : Double(x) * Double(scale)
        var clipped = false
        if v > Double(scale) - 1 { v = Double(scale) - 1; clipped = true }
        if v < -Double(scale) { v = -Double(scale); clipped = true }
        return (Int32(v.rounded(.toNearestOrEven)), clipped)
    }

    func testMatchesScalarReferenceOnOddLengths() {
        for count in [0, 1, 7, 8, 9, 4099] {
            let special: [Float] = [0, 1, -1, 1.5, -1.5, .nan, 0.5 / 8_388_608, -0.5 / 8_388_608, 1.5 / 8_388_608, 1e-9, 0.5, -0.5, 0.5 + 0.5 / 8_388_608, -0.75, 0.99999]
            let left = (0..<count).map { i in i < special.count ? special[i] : Float(sin(Double(i) * 0.37)) * 1.2 }
            let right = (0..<count).map { i in Float(cos(Double(i) * 0.11)) * 0.9 }
            var codes = [Int32](repeating: 7, count: 2 * count)
            // One frame in front, so that the view starts off the buffer's 64-byte alignment.
            let audio = AudioBuffer(copying: [[.nan] + left, [.nan] + right])
            let clipped = DSP.quantise(audio.slice(1...), into: &codes, scale: 8_388_608, shift: 8)
            var expectedClipped = 0
            for i in 0..<count {
                let (l, lc) = reference(left[i], scale: 8_388_608)
                let (r, rc) = reference(right[i], scale: 8_388_608)
                XCTAssertEqual(codes[2 * i], l << 8, "left \(i) = \(left[i])")
                XCTAssertEqual(codes[2 * i + 1], r << 8, "right \(i)")
                expectedClipped += (lc ? 1 : 0) + (rc ? 1 : 0)
            }
            XCTAssertEqual(clipped, expectedClipped, "count \(count)")
        }
    }
}
