import MixdownDSP
import MixdownKernels
import XCTest

/// The two builds of the C kernels (baseline x86-64 and AVX-512 target
/// attributes) give the same bits, so which one `DSP` picks never changes a render.
final class KernelBuildTests: XCTestCase {
    func testAVX512BuildGivesTheBaselineBits() throws {
        #if arch(x86_64)
        try XCTSkipUnless(DSP.usesAVX512, "this processor has no AVX-512: only the baseline build runs")
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
                ("multiply_accumulate", { d, w in
                    w ? mx_kernels_avx512_multiply_accumulate(d, src, gains, count)
                      : mx_kernels_baseline_multiply_accumulate(d, src, gains, count) }),
                ("multiply_accumulate_gain", { d, w in
                    w ? mx_kernels_avx512_multiply_accumulate_gain(d, src, 0.3981, count)
                      : mx_kernels_baseline_multiply_accumulate_gain(d, src, 0.3981, count) }),
                ("fill_ramp", { d, w in
                    w ? mx_kernels_avx512_fill_ramp(d, 0.25, 3.1e-5, count)
                      : mx_kernels_baseline_fill_ramp(d, 0.25, 3.1e-5, count) }),
                ("multiply", { d, w in
                    w ? mx_kernels_avx512_multiply(d, gains, count) : mx_kernels_baseline_multiply(d, gains, count) }),
                ("multiply_ramp", { d, w in
                    w ? mx_kernels_avx512_multiply_ramp(d, 1, -2.2e-5, count)
                      : mx_kernels_baseline_multiply_ramp(d, 1, -2.2e-5, count) }),
                ("scale", { d, w in
                    w ? mx_kernels_avx512_scale(d, 0.7071, count) : mx_kernels_baseline_scale(d, 0.7071, count) }),
                ("fill", { d, w in
                    w ? mx_kernels_avx512_fill(d, -0.375, count) : mx_kernels_baseline_fill(d, -0.375, count) }),
            ]
            for (name, kernel) in cases {
                let (a, b) = both(kernel)
                XCTAssertEqual(a.map(\.bitPattern), b.map(\.bitPattern), "\(name), \(count) elements")
            }
            let history = testSignal(count: count + 31, seed: 10), rows = testSignal(count: 7 * 32, seed: 11)
            let (wide, base) = both { d, w in
                w ? mx_kernels_avx512_filter_bank_peaks(d, history, rows, 7, 32, count)
                  : mx_kernels_baseline_filter_bank_peaks(d, history, rows, 7, 32, count)
            }
            XCTAssertEqual(wide.map(\.bitPattern), base.map(\.bitPattern), "filter_bank_peaks, \(count) elements")
            let loud = bus.map { $0 * 1.5 }
            XCTAssertEqual(mx_kernels_avx512_peak_magnitude(loud, count).bitPattern,
                           mx_kernels_baseline_peak_magnitude(loud, count).bitPattern, "peak_magnitude, \(count) elements")
            for (scale, shift) in [(Float(8_388_608), Int32(8)), (32_768, 16)] {
                var wideCodes = [Int32](repeating: 0, count: 2 * count), baseCodes = wideCodes
                let wideClipped = mx_kernels_avx512_quantise(loud, src, &wideCodes, count, scale, shift)
                let baseClipped = mx_kernels_baseline_quantise(loud, src, &baseCodes, count, scale, shift)
                XCTAssertEqual(wideCodes, baseCodes, "quantise \(scale), \(count) elements")
                XCTAssertEqual(wideClipped, baseClipped, "quantise \(scale), \(count) elements")
            }
        }
        #else
        throw XCTSkip("AVX-512 exists only on x86-64")
        #endif
    }

    /// Products are never fused: an FMA would round `d + s * g` once, and the
    /// AVX-512 build (which has FMA instructions) would then differ from the
    /// baseline. These values tell one rounding from two.
    func testProductsAreRoundedBeforeTheSum() {
        // s * g = 1 + 2^-22 + 2^-46 exactly; rounded, 1 + 2^-22. Then d + that:
        // two roundings give exactly 2^-22, a fused one 2^-22 + 2^-46.
        let s: Float = 1 + 0x1p-23, g: Float = 1 + 0x1p-23, d: Float = -1
        let twoRoundings = d + Float(Double(s) * Double(g))
        XCTAssertEqual(twoRoundings, 0x1p-22)
        for count in [1, 16, 33] {
            var results: [[Float]] = []
            for wide in [false, true] where wide == false || DSP.usesAVX512 {
                var bus = [Float](repeating: d, count: count)
                let src = [Float](repeating: s, count: count), gains = [Float](repeating: g, count: count)
                if wide {
                    mx_kernels_avx512_multiply_accumulate(&bus, src, gains, count)
                } else {
                    mx_kernels_baseline_multiply_accumulate(&bus, src, gains, count)
                }
                results.append(bus)
                var one = [Float](repeating: d, count: count)
                if wide {
                    mx_kernels_avx512_multiply_accumulate_gain(&one, src, g, count)
                } else {
                    mx_kernels_baseline_multiply_accumulate_gain(&one, src, g, count)
                }
                results.append(one)
            }
            for result in results {
                XCTAssertEqual(result.map(\.bitPattern), [Float](repeating: twoRoundings, count: count).map(\.bitPattern),
                               "\(count) elements")
            }
        }
    }
}
