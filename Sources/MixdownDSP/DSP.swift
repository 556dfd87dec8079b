import CPUFeatures
import MixdownKernels

/// Vectorised `Float` kernels over raw buffers, the inner loops of mixing.
///
/// Each call runs one of two builds of the same C kernels (`MixdownKernels`:
/// one source compiled for the baseline x86-64 target and again with AVX-512
/// target attributes): the AVX-512 build on processors that have it, the
/// baseline build on the others. Both give the same bits. Kernels never
/// allocate and keep no state, so they may run on any number of threads at once.
///
/// Ownership: the caller owns every buffer and must keep `count` elements
/// valid at each pointer for the duration of the call. A destination may be
/// the very same buffer as a source (exact aliasing); partial overlap is not
/// supported. Any alignment and any count (including 0) is valid.
public enum DSP {
    /// Whether the AVX-512 build of the kernels runs, decided once per process.
    public static let usesAVX512: Bool = {
        #if arch(x86_64)
        mx_cpu_supports_avx512() != 0
        #else
        false
        #endif
    }()
}

extension DSP {
    /// Adds `src` scaled sample by sample into `dst`: `dst[i] += src[i] * gains[i]`.
    ///
    /// Single-precision; each element is rounded twice (product, then sum).
    /// `dst` may be the same buffer as `src` or `gains`; partial overlap is
    /// not supported.
    ///
    /// - Parameters:
    ///   - dst: `count` samples, read and written.
    ///   - src: `count` samples to add.
    ///   - gains: `count` linear gain factors.
    ///   - count: Number of elements; `0` does nothing.
    public static func multiplyAccumulate(
        into dst: UnsafeMutablePointer<Float>, _ src: UnsafePointer<Float>,
        gains: UnsafePointer<Float>, count: Int
    ) {
        usesAVX512
            ? mx_kernels_avx512_multiply_accumulate(dst, src, gains, count)
            : mx_kernels_baseline_multiply_accumulate(dst, src, gains, count)
    }

    /// Adds `src` scaled by one gain into `dst`: `dst[i] += src[i] * gain`.
    ///
    /// Single-precision, two roundings per element. `dst` may be `src`.
    ///
    /// - Parameters:
    ///   - dst: `count` samples, read and written.
    ///   - src: `count` samples to add.
    ///   - gain: Linear gain factor for every sample.
    ///   - count: Number of elements; `0` does nothing.
    public static func multiplyAccumulate(
        into dst: UnsafeMutablePointer<Float>, _ src: UnsafePointer<Float>,
        gain: Float, count: Int
    ) {
        usesAVX512
            ? mx_kernels_avx512_multiply_accumulate_gain(dst, src, gain, count)
            : mx_kernels_baseline_multiply_accumulate_gain(dst, src, gain, count)
    }

    /// Adds `src` under a linear gain ramp into `dst`:
    /// `dst[i] += src[i] * (g0 + Float(i) * dg)`.
    ///
    /// The gain of element `i` is computed directly as `g0 + Float(i) * dg`,
    /// never as a running sum, so rounding does not accumulate along the
    /// block: each gain is within a few ulps of the exact ramp. Indices are
    /// exact as `Float` up to 2^24, far beyond any block size.
    ///
    /// - Parameters:
    ///   - dst: `count` samples, read and written.
    ///   - src: `count` samples to add; may be `dst`.
    ///   - g0: Gain of element 0.
    ///   - dg: Gain increment per element.
    ///   - count: Number of elements; `0` does nothing.
    public static func rampAccumulate(
        into dst: UnsafeMutablePointer<Float>, _ src: UnsafePointer<Float>,
        from g0: Float, step dg: Float, count: Int
    ) {
        usesAVX512
            ? mx_kernels_avx512_ramp_accumulate(dst, src, g0, dg, count)
            : mx_kernels_baseline_ramp_accumulate(dst, src, g0, dg, count)
    }

    /// Writes one value into every element: `dst[i] = value`.
    ///
    /// - Parameters:
    ///   - dst: `count` elements, written.
    ///   - value: The value to store.
    ///   - count: Number of elements; `0` does nothing.
    public static func fill(_ dst: UnsafeMutablePointer<Float>, value: Float, count: Int) {
        usesAVX512
            ? mx_kernels_avx512_fill(dst, value, count)
            : mx_kernels_baseline_fill(dst, value, count)
    }

    /// Writes a linear ramp: `dst[i] = g0 + Float(i) * dg`.
    ///
    /// Each element is computed directly from its index, never by repeated
    /// addition, so element `i` is within a few ulps of the exact ramp
    /// however long the block. Indices are exact as `Float` up to 2^24.
    ///
    /// - Parameters:
    ///   - dst: `count` elements, written.
    ///   - g0: Value of element 0.
    ///   - dg: Increment per element.
    ///   - count: Number of elements; `0` does nothing.
    public static func fillRamp(_ dst: UnsafeMutablePointer<Float>, from g0: Float, step dg: Float, count: Int) {
        usesAVX512
            ? mx_kernels_avx512_fill_ramp(dst, g0, dg, count)
            : mx_kernels_baseline_fill_ramp(dst, g0, dg, count)
    }

    /// Copies `count` elements from `src` to `dst`.
    ///
    /// The buffers may overlap in any way (it is a `memmove`).
    ///
    /// - Parameters:
    ///   - dst: `count` elements, written.
    ///   - src: `count` elements, read.
    ///   - count: Number of elements; `0` does nothing.
    public static func copy(into dst: UnsafeMutablePointer<Float>, from src: UnsafePointer<Float>, count: Int) {
        usesAVX512
            ? mx_kernels_avx512_copy(dst, src, count)
            : mx_kernels_baseline_copy(dst, src, count)
    }

    /// The largest absolute value among `count` elements; `0` when `count` is 0.
    ///
    /// Exact (no rounding). Infinities count; NaN elements are ignored, so
    /// a caller that must detect corrupt input has to check for NaN itself.
    ///
    /// - Parameters:
    ///   - src: `count` elements, read.
    ///   - count: Number of elements.
    public static func peakMagnitude(_ src: UnsafePointer<Float>, count: Int) -> Float {
        return usesAVX512
            ? mx_kernels_avx512_peak_magnitude(src, count)
            : mx_kernels_baseline_peak_magnitude(src, count)
    }

    /// Multiplies in place, element by element: `dst[i] *= gains[i]`.
    ///
    /// `gains` may be `dst` (squaring); partial overlap is not supported.
    ///
    /// - Parameters:
    ///   - dst: `count` elements, read and written.
    ///   - gains: `count` factors.
    ///   - count: Number of elements; `0` does nothing.
    public static func multiply(_ dst: UnsafeMutablePointer<Float>, by gains: UnsafePointer<Float>, count: Int) {
        usesAVX512
            ? mx_kernels_avx512_multiply(dst, gains, count)
            : mx_kernels_baseline_multiply(dst, gains, count)
    }

    /// Multiplies in place by a linear ramp: `dst[i] *= g0 + Float(i) * dg`.
    ///
    /// The ramp is evaluated per element from its index as in
    /// ``fillRamp(_:from:step:count:)``, never as a running sum.
    ///
    /// - Parameters:
    ///   - dst: `count` elements, read and written.
    ///   - g0: Factor for element 0.
    ///   - dg: Factor increment per element.
    ///   - count: Number of elements; `0` does nothing.
    public static func multiply(_ dst: UnsafeMutablePointer<Float>, byRampFrom g0: Float, step dg: Float, count: Int) {
        usesAVX512
            ? mx_kernels_avx512_multiply_ramp(dst, g0, dg, count)
            : mx_kernels_baseline_multiply_ramp(dst, g0, dg, count)
    }

    /// Multiplies every element by one factor, in place: `dst[i] *= factor`.
    ///
    /// - Parameters:
    ///   - dst: `count` elements, read and written.
    ///   - factor: The factor.
    ///   - count: Number of elements; `0` does nothing.
    public static func scale(_ dst: UnsafeMutablePointer<Float>, by factor: Float, count: Int) {
        usesAVX512
            ? mx_kernels_avx512_scale(dst, factor, count)
            : mx_kernels_baseline_scale(dst, factor, count)
    }

    /// Interleaves two channels into integer PCM codes, rounded to nearest and clipped.
    ///
    /// Sample `x` becomes `round(x × scale)`, limited to `[-scale, scale − 1]`, then
    /// shifted left by `shift` bits (libsndfile's `int` samples are left-aligned).
    /// Ties round to even. NaN becomes 0.
    ///
    /// - Parameters:
    ///   - left, right: `count` samples each, read.
    ///   - codes: `2 × count` elements, written L R L R ….
    ///   - scale: 32768 for 16-bit, 8388608 for 24-bit.
    /// - Returns: the samples that had to be clipped.
    public static func quantise(left: UnsafePointer<Float>, right: UnsafePointer<Float>,
                                into codes: UnsafeMutablePointer<Int32>, count: Int,
                                scale: Float, shift: Int32) -> Int {
        return usesAVX512
            ? mx_kernels_avx512_quantise(left, right, codes, count, scale, shift)
            : mx_kernels_baseline_quantise(left, right, codes, count, scale, shift)
    }
}
