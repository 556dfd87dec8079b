import MixdownDSP
import MixdownKernels
#if arch(x86_64)
import MixdownKernelsAVX512
#endif
import XCTest

/// The two builds of the kernels (baseline x86-64 and AVX-512) give the same
/// bits, so which one `DSP` picks never changes a render.
final class KernelBuildTests: XCTestCase {
    func testAVX512BuildGivesTheBaselineBits() throws {
        #if arch(x86_64)
        try XCTSkipUnless(DSP.usesAVX512, "this processor has no AVX-512: only the baseline build runs")
        typealias Wide = MixdownKernelsAVX512.Kernels
        typealias Base = MixdownKernels.Kernels
        for count in kernelLengths + [16_384] {
            let src = testSignal(count: count, seed: 7), gains = testSignal(count: count, seed: 8)
            let bus = testSignal(count: count, seed: 9)
            func both(_ body: (UnsafeMutablePointer<Float>, Bool) -> Void) -> ([Float], [Float]) {
                var a = bus, b = bus
                a.withUnsafeMutableBufferPointer { body($0.baseAddress!, false) }
                b.withUnsafeMutableBufferPointer { body($0.baseAddress!, true) }
                return (a, b)
            }
            let cases: [(String, (UnsafeMutablePointer<Float>, Bool) -> Void)] = [
                ("multiplyAccumulate(gains:)", { d, w in
                    w ? Wide.multiplyAccumulate(into: d, src, gains: gains, count: count)
                      : Base.multiplyAccumulate(into: d, src, gains: gains, count: count) }),
                ("multiplyAccumulate(gain:)", { d, w in
                    w ? Wide.multiplyAccumulate(into: d, src, gain: 0.3981, count: count)
                      : Base.multiplyAccumulate(into: d, src, gain: 0.3981, count: count) }),
                ("rampAccumulate", { d, w in
                    w ? Wide.rampAccumulate(into: d, src, from: 0.9, step: -1.7e-5, count: count)
                      : Base.rampAccumulate(into: d, src, from: 0.9, step: -1.7e-5, count: count) }),
                ("fillRamp", { d, w in
                    w ? Wide.fillRamp(d, from: 0.25, step: 3.1e-5, count: count)
                      : Base.fillRamp(d, from: 0.25, step: 3.1e-5, count: count) }),
                ("multiply(by:)", { d, w in
                    w ? Wide.multiply(d, by: gains, count: count) : Base.multiply(d, by: gains, count: count) }),
                ("multiply(byRampFrom:)", { d, w in
                    w ? Wide.multiply(d, byRampFrom: 1, step: -2.2e-5, count: count)
                      : Base.multiply(d, byRampFrom: 1, step: -2.2e-5, count: count) }),
                ("scale", { d, w in w ? Wide.scale(d, by: 0.7071, count: count) : Base.scale(d, by: 0.7071, count: count) }),
            ]
            for (name, kernel) in cases {
                let (a, b) = both(kernel)
                XCTAssertEqual(a.map(\.bitPattern), b.map(\.bitPattern), "\(name), \(count) elements")
            }
            let loud = bus.map { $0 * 1.5 }
            XCTAssertEqual(Wide.peakMagnitude(loud, count: count), Base.peakMagnitude(loud, count: count))
            var wideCodes = [Int32](repeating: 0, count: 2 * count), baseCodes = wideCodes
            let wideClipped = Wide.quantise(left: loud, right: src, into: &wideCodes, count: count, scale: 8_388_608, shift: 8)
            let baseClipped = Base.quantise(left: loud, right: src, into: &baseCodes, count: count, scale: 8_388_608, shift: 8)
            XCTAssertEqual(wideCodes, baseCodes, "quantise, \(count) elements")
            XCTAssertEqual(wideClipped, baseClipped)
        }
        #else
        throw XCTSkip("AVX-512 exists only on x86-64")
        #endif
    }
}
