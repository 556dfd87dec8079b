/// Vectorised `Float` kernels over raw buffers and audio views, the inner loops of mixing.
///
/// Each call runs one of two builds of the same C kernels (`MixdownKernels`:
/// one source compiled for the baseline x86-64 target and again with AVX-512
/// target attributes): the AVX-512 build on processors that have it, the
/// baseline build on the others. Both give the same bits. Kernels never
/// allocate and keep no state, so they may run on any number of threads at once.
///
/// The mono kernels take pointers and a count; their forms over views
/// (``AudioSlice``, ``MutableAudioSlice``: every channel of a block of an
/// ``AudioBuffer``) run them channel by channel, and the one stereo kernel,
/// ``quantise(_:into:scale:shift:)``, takes a view.
///
/// Ownership: the caller owns every buffer and must keep `count` elements
/// valid at each pointer (every frame of each view) for the duration of the
/// call. A destination may be the very same buffer as a source (exact
/// aliasing); partial overlap is not supported. Any alignment and any count
/// (including 0) is valid.
public enum DSP {
    /// Whether the AVX-512 build of the kernels runs, decided once per process.
    public static var usesAVX512: Bool { KernelBuild.usesAVX512 }
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
        KernelBuild.current.multiplyAccumulate(dst, src, gains, count)
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
        KernelBuild.current.multiplyAccumulateGain(dst, src, gain, count)
    }

    /// Writes one value into every element: `dst[i] = value`.
    ///
    /// - Parameters:
    ///   - dst: `count` elements, written.
    ///   - value: The value to store.
    ///   - count: Number of elements; `0` does nothing.
    public static func fill(_ dst: UnsafeMutablePointer<Float>, value: Float, count: Int) {
        KernelBuild.current.fill(dst, value, count)
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
        KernelBuild.current.fillRamp(dst, g0, dg, count)
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
        return KernelBuild.current.peakMagnitude(src, count)
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
        KernelBuild.current.multiply(dst, gains, count)
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
        KernelBuild.current.multiplyRamp(dst, g0, dg, count)
    }

    /// Multiplies every element by one factor, in place: `dst[i] *= factor`.
    ///
    /// - Parameters:
    ///   - dst: `count` elements, read and written.
    ///   - factor: The factor.
    ///   - count: Number of elements; `0` does nothing.
    public static func scale(_ dst: UnsafeMutablePointer<Float>, by factor: Float, count: Int) {
        KernelBuild.current.scale(dst, factor, count)
    }

    /// Raises each peak to the largest magnitude that a bank of FIR filters gives
    /// at its sample: `peaks[n] = max(peaks[n], |y_0[n]|, …, |y_{filters−1}[n]|)`.
    ///
    /// Filter `r` has the `taps` coefficients `c_r[k] = coefficients[r × taps + k]`,
    /// tap `k` weighing the sample `k` steps before the newest one:
    /// `y_r[n] = Σ_k c_r[k] × src[n + taps − 1 − k]`. So `src` holds `taps − 1`
    /// samples of history followed by the `count` samples of the block, contiguous.
    /// This is the inner loop of an oversampling true-peak detector: one filter per
    /// interpolation phase, and a filter whose only coefficient is 1 for the sample
    /// itself.
    ///
    /// Single precision. Each sum runs over `k` ascending, from the filter's first
    /// to its last non-zero coefficient (zero taps at either end cost nothing; a
    /// filter of zeros is skipped), a multiply and an add per tap, never fused. A
    /// NaN output never replaces a peak, as in ``peakMagnitude(_:count:)``.
    ///
    /// - Parameters:
    ///   - peaks: `count` peaks, read and written; start from 0 for the bank's peak alone.
    ///   - src: `count + taps − 1` samples, read.
    ///   - coefficients: `filters × taps` coefficients, filter by filter.
    ///   - filters: Number of filters; `0` does nothing.
    ///   - taps: Coefficients per filter; `0` does nothing.
    ///   - count: Number of outputs; `0` does nothing.
    public static func filterBankPeaks(into peaks: UnsafeMutablePointer<Float>, _ src: UnsafePointer<Float>,
                                       coefficients: UnsafePointer<Float>, filters: Int, taps: Int, count: Int) {
        KernelBuild.current.filterBankPeaks(peaks, src, coefficients, filters, taps, count)
    }
}

extension DSP {
    /// Blends two rows of 8-bit samples: `dst[i] = (a[i]·(256 − weight) + b[i]·weight + 128) >> 8`.
    ///
    /// Exact integer arithmetic (rounded half up), the same bits from either
    /// build: `weight` 0 gives `a`, 256 gives `b`. `dst` may be `a` or `b`.
    ///
    /// - Parameters:
    ///   - dst: `count` samples, written.
    ///   - a: `count` samples, the picture faded out.
    ///   - b: `count` samples, the picture faded in.
    ///   - weight: `b`'s share in 256ths, clamped to 0...256.
    ///   - count: Number of samples; `0` does nothing.
    public static func lerp(into dst: UnsafeMutablePointer<UInt8>, _ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>,
                            weight: Int, count: Int) {
        KernelBuild.current.lerpBytes(dst, a, b, Int32(min(256, max(0, weight))), count)
    }
}
