internal import CPUFeatures
internal import MixdownKernels

/// One compilation of the C kernels (`MixdownKernels`), as a table of its
/// functions, and the one this processor runs: the AVX-512 copy where
/// `CPUFeatures` reports x86-64-v4 support, the baseline copy elsewhere.
struct KernelBuild: Sendable {
    let multiplyAccumulate: @convention(c) (UnsafeMutablePointer<Float>, UnsafePointer<Float>, UnsafePointer<Float>, Int) -> Void
    let multiplyAccumulateGain: @convention(c) (UnsafeMutablePointer<Float>, UnsafePointer<Float>, Float, Int) -> Void
    let fill: @convention(c) (UnsafeMutablePointer<Float>, Float, Int) -> Void
    let fillRamp: @convention(c) (UnsafeMutablePointer<Float>, Float, Float, Int) -> Void
    let peakMagnitude: @convention(c) (UnsafePointer<Float>, Int) -> Float
    let multiply: @convention(c) (UnsafeMutablePointer<Float>, UnsafePointer<Float>, Int) -> Void
    let multiplyRamp: @convention(c) (UnsafeMutablePointer<Float>, Float, Float, Int) -> Void
    let scale: @convention(c) (UnsafeMutablePointer<Float>, Float, Int) -> Void
    let quantise: @convention(c) (UnsafePointer<Float>, UnsafePointer<Float>, UnsafeMutablePointer<Int32>, Int, Float, Int32) -> Int
    let filterBankPeaks: @convention(c) (UnsafeMutablePointer<Float>, UnsafePointer<Float>, UnsafePointer<Float>, Int, Int, Int) -> Void
    let lerpBytes: @convention(c) (UnsafeMutablePointer<UInt8>, UnsafePointer<UInt8>, UnsafePointer<UInt8>, Int32, Int) -> Void
    let premultiplyARGB32: @convention(c) (UnsafeMutablePointer<UInt32>, Int) -> Void
    let splitARGB32: @convention(c) (UnsafePointer<UInt32>, UnsafeMutablePointer<UInt8>, UnsafeMutablePointer<UInt8>,
                                     UnsafeMutablePointer<UInt8>, UnsafeMutablePointer<UInt8>, Int) -> Void
    let mergeARGB32: @convention(c) (UnsafeMutablePointer<UInt32>, UnsafePointer<UInt8>, UnsafePointer<UInt8>,
                                     UnsafePointer<UInt8>, UnsafePointer<UInt8>, Int) -> Void
    let average2x2Bytes: @convention(c) (UnsafeMutablePointer<UInt8>, UnsafePointer<UInt8>, UnsafePointer<UInt8>, Int) -> Void
    let alphaOverBytes: @convention(c) (UnsafeMutablePointer<UInt8>, UnsafePointer<UInt8>, UnsafePointer<UInt8>, Int32, Int32, Int) -> Void
    let lerpWords: @convention(c) (UnsafeMutablePointer<UInt16>, UnsafePointer<UInt16>, UnsafePointer<UInt16>, Int32, Int) -> Void
    let fillWords: @convention(c) (UnsafeMutablePointer<UInt16>, UInt16, Int) -> Void
    let alphaOverWords: @convention(c) (UnsafeMutablePointer<UInt16>, UnsafePointer<UInt8>, UnsafePointer<UInt8>, Int32, Int32, Int) -> Void
    let alphaOverWords16: @convention(c) (UnsafeMutablePointer<UInt16>, UnsafePointer<UInt16>, UnsafePointer<UInt8>, Int32, Int32, Int) -> Void

    static let baseline = KernelBuild(
        multiplyAccumulate: mx_kernels_baseline_multiply_accumulate, multiplyAccumulateGain: mx_kernels_baseline_multiply_accumulate_gain,
        fill: mx_kernels_baseline_fill, fillRamp: mx_kernels_baseline_fill_ramp, peakMagnitude: mx_kernels_baseline_peak_magnitude,
        multiply: mx_kernels_baseline_multiply, multiplyRamp: mx_kernels_baseline_multiply_ramp, scale: mx_kernels_baseline_scale,
        quantise: mx_kernels_baseline_quantise, filterBankPeaks: mx_kernels_baseline_filter_bank_peaks,
        lerpBytes: mx_kernels_baseline_lerp_bytes, premultiplyARGB32: mx_kernels_baseline_premultiply_argb32,
        splitARGB32: mx_kernels_baseline_split_argb32, mergeARGB32: mx_kernels_baseline_merge_argb32,
        average2x2Bytes: mx_kernels_baseline_average_2x2_bytes, alphaOverBytes: mx_kernels_baseline_alpha_over_bytes,
        lerpWords: mx_kernels_baseline_lerp_words, fillWords: mx_kernels_baseline_fill_words,
        alphaOverWords: mx_kernels_baseline_alpha_over_words, alphaOverWords16: mx_kernels_baseline_alpha_over_words16)

    static let avx512 = KernelBuild(
        multiplyAccumulate: mx_kernels_avx512_multiply_accumulate, multiplyAccumulateGain: mx_kernels_avx512_multiply_accumulate_gain,
        fill: mx_kernels_avx512_fill, fillRamp: mx_kernels_avx512_fill_ramp, peakMagnitude: mx_kernels_avx512_peak_magnitude,
        multiply: mx_kernels_avx512_multiply, multiplyRamp: mx_kernels_avx512_multiply_ramp, scale: mx_kernels_avx512_scale,
        quantise: mx_kernels_avx512_quantise, filterBankPeaks: mx_kernels_avx512_filter_bank_peaks,
        lerpBytes: mx_kernels_avx512_lerp_bytes, premultiplyARGB32: mx_kernels_avx512_premultiply_argb32,
        splitARGB32: mx_kernels_avx512_split_argb32, mergeARGB32: mx_kernels_avx512_merge_argb32,
        average2x2Bytes: mx_kernels_avx512_average_2x2_bytes, alphaOverBytes: mx_kernels_avx512_alpha_over_bytes,
        lerpWords: mx_kernels_avx512_lerp_words, fillWords: mx_kernels_avx512_fill_words,
        alphaOverWords: mx_kernels_avx512_alpha_over_words, alphaOverWords16: mx_kernels_avx512_alpha_over_words16)

    /// Whether this processor runs the AVX-512 copy, decided once per process.
    static let usesAVX512: Bool = {
        #if arch(x86_64)
        mx_cpu_supports_avx512() != 0
        #else
        false
        #endif
    }()

    /// The copy this processor runs.
    static let current = usesAVX512 ? avx512 : baseline
}
