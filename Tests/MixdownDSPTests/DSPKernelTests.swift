import MixdownDSP
import XCTest

final class DSPKernelTests: XCTestCase {
    private let buffers = MisalignedBuffers()

    override func tearDown() {
        buffers.deallocateAll()
        super.tearDown()
    }

    func testMultiplyAccumulateWithGainBuffer() {
        for n in kernelLengths {
            let d0 = testSignal(count: n, seed: 1), s = testSignal(count: n, seed: 2), g = testSignal(count: n, seed: 3)
            let dst = buffers.make(d0), src = buffers.make(s)
            DSP.multiplyAccumulate(into: dst, src, gains: buffers.make(g), count: n)
            let expected = (0..<n).map { Double(d0[$0]) + Double(s[$0]) * Double(g[$0]) }
            let scale = (0..<n).map { max(Double(d0[$0]).magnitude, (Double(s[$0]) * Double(g[$0])).magnitude) }
            assertClose(read(dst, count: n), expected, scale: scale, "multiplyAccumulate(gains:) n=\(n)")
            XCTAssertEqual(read(src, count: n), s, "source untouched n=\(n)")
            XCTAssert((dst - 1).pointee.isNaN, "nothing written before the buffer n=\(n)")
        }
    }

    func testMultiplyAccumulateWithConstantGain() {
        for n in kernelLengths {
            let d0 = testSignal(count: n, seed: 4), s = testSignal(count: n, seed: 5)
            let gain: Float = 0.707
            let dst = buffers.make(d0)
            DSP.multiplyAccumulate(into: dst, buffers.make(s), gain: gain, count: n)
            let expected = (0..<n).map { Double(d0[$0]) + Double(s[$0]) * Double(gain) }
            let scale = (0..<n).map { max(Double(d0[$0]).magnitude, (Double(s[$0]) * Double(gain)).magnitude) }
            assertClose(read(dst, count: n), expected, scale: scale, "multiplyAccumulate(gain:) n=\(n)")
        }
    }

    func testFillRampHasNoAccumulatedDrift() {
        // A running sum of a step that is not representable drifts by about
        // n/2 ulps; per-index evaluation stays within a couple of ulps.
        for n in kernelLengths + [100_000] {
            let g0: Float = 0.25, dg: Float = 0.5 / 100_000
            let dst = buffers.make([Float](repeating: .nan, count: n))
            DSP.fillRamp(dst, from: g0, step: dg, count: n)
            let expected = (0..<n).map { Double(g0) + Double($0) * Double(dg) }
            assertClose(read(dst, count: n), expected, scale: expected, ulps: 2, "fillRamp n=\(n)")
        }
    }

    func testFill() {
        for n in kernelLengths {
            let dst = buffers.make([Float](repeating: 0, count: n))
            DSP.fill(dst, value: -0.5, count: n)
            XCTAssertEqual(read(dst, count: n), [Float](repeating: -0.5, count: n), "fill n=\(n)")
        }
    }

    func testMultiplyInPlaceByBufferRampAndConstant() {
        for n in kernelLengths {
            let d0 = testSignal(count: n, seed: 9), g = testSignal(count: n, seed: 10)
            let dst = buffers.make(d0)
            DSP.multiply(dst, by: buffers.make(g), count: n)
            let product = (0..<n).map { Double(d0[$0]) * Double(g[$0]) }
            assertClose(read(dst, count: n), product, scale: product.map(\.magnitude), ulps: 1, "multiply(by:) n=\(n)")

            let ramped = buffers.make(d0)
            let g0: Float = 1.5, dg: Float = -1.0 / 4096
            DSP.multiply(ramped, byRampFrom: g0, step: dg, count: n)
            let rampProduct = (0..<n).map { Double(d0[$0]) * (Double(g0) + Double($0) * Double(dg)) }
            let rampScale = (0..<n).map { Double(d0[$0]).magnitude * Double(g0) }
            assertClose(read(ramped, count: n), rampProduct, scale: rampScale, "multiply(byRampFrom:) n=\(n)")

            let scaled = buffers.make(d0)
            DSP.scale(scaled, by: 3.0, count: n)
            let scaledExpected = d0.map { Double($0) * 3 }
            assertClose(read(scaled, count: n), scaledExpected, scale: scaledExpected.map(\.magnitude), ulps: 1, "scale n=\(n)")
        }
    }

    func testPeakMagnitude() {
        for n in kernelLengths {
            var s = testSignal(count: n, seed: 11).map { $0 * 0.5 }
            XCTAssertEqual(DSP.peakMagnitude(buffers.make(s), count: n), s.map(\.magnitude).max() ?? 0, "n=\(n)")
            if n > 0 {
                // The peak in the scalar tail, then in a vector lane, negative.
                s[n - 1] = -0.875
                XCTAssertEqual(DSP.peakMagnitude(buffers.make(s), count: n), 0.875, "tail n=\(n)")
                s[n - 1] = 0
                s[n / 2] = -0.75
                XCTAssertEqual(DSP.peakMagnitude(buffers.make(s), count: n), 0.75, "middle n=\(n)")
            }
        }
    }

    /// The filter bank against a Double scalar reference: odd lengths, a filter
    /// with zero taps at both ends, a one-tap filter (the sample itself), a filter
    /// of zeros, peaks that start above some outputs, NaN outputs ignored.
    func testFilterBankPeaksMatchScalarReference() {
        let taps = 9
        var coefficients = testSignal(count: 4 * taps, seed: 13)
        for k in [0, 1, 2, 8] { coefficients[taps + k] = 0 }        // filter 1: taps 3…7 only
        for k in 0..<taps { coefficients[2 * taps + k] = k == 4 ? 1 : 0 }  // filter 2: the sample 4 steps back
        for k in 0..<taps { coefficients[3 * taps + k] = 0 }        // filter 3: nothing
        for n in kernelLengths {
            var src = testSignal(count: n + taps - 1, seed: 14)
            if n > 20 { src[n / 2] = .nan }
            let start = testSignal(count: n, seed: 15).map { $0.magnitude * 1.5 }
            let peaks = buffers.make(start)
            DSP.filterBankPeaks(into: peaks, buffers.make(src), coefficients: buffers.make(coefficients),
                                filters: 4, taps: taps, count: n)
            var expected = [Double](repeating: 0, count: n), scale = [Double](repeating: 0, count: n)
            var unknown = Set<Int>()
            for i in 0..<n {
                var best = Double(start[i]), size = 0.0
                for r in 0..<4 {
                    var sum = 0.0, magnitude = 0.0
                    for k in 0..<taps {
                        sum += Double(coefficients[r * taps + k]) * Double(src[i + taps - 1 - k])
                        magnitude += (Double(coefficients[r * taps + k]) * Double(src[i + taps - 1 - k])).magnitude
                    }
                    if sum.isNaN { unknown.insert(i) } else { best = max(best, sum.magnitude) }
                    size = max(size, magnitude)
                }
                expected[i] = best
                scale[i] = max(size, best)
            }
            var actual = read(peaks, count: n)
            // Where a filter read the NaN, the others' peak stands; compare elsewhere.
            for i in unknown {
                XCTAssertFalse(actual[i].isNaN, "NaN ignored n=\(n) i=\(i)")
                XCTAssertGreaterThanOrEqual(Double(actual[i]), Double(start[i]), "n=\(n) i=\(i)")
                actual[i] = 0
                expected[i] = 0
            }
            assertClose(actual, expected, scale: scale, ulps: Double(taps), "filterBankPeaks n=\(n)")
            XCTAssert((peaks - 1).pointee.isNaN, "nothing written before the buffer n=\(n)")

            // The one-tap filter alone is exact: the magnitude of the sample 4 steps back.
            let exact = buffers.make([Float](repeating: 0, count: n))
            DSP.filterBankPeaks(into: exact, buffers.make(src), coefficients: buffers.make(Array(coefficients[(2 * taps)...])),
                                filters: 1, taps: taps, count: n)
            XCTAssertEqual(read(exact, count: n).map(\.bitPattern),
                           (0..<n).map { src[$0 + taps - 1 - 4].isNaN ? 0 : src[$0 + taps - 1 - 4].magnitude.bitPattern },
                           "one tap n=\(n)")
        }
    }

    func testPeakMagnitudeIgnoresNaN() {
        var s = [Float](repeating: 0.25, count: 40)
        s[3] = .nan
        s[39] = .nan
        XCTAssertEqual(DSP.peakMagnitude(buffers.make(s), count: s.count), 0.25)
    }

    func testExactAliasingIsAllowed() {
        let s = testSignal(count: 33, seed: 12)
        let buffer = buffers.make(s)
        DSP.multiplyAccumulate(into: buffer, buffer, gain: 1, count: s.count)
        XCTAssertEqual(read(buffer, count: s.count), s.map { $0 + $0 })
    }
}
