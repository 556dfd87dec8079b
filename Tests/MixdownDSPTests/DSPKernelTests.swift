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
