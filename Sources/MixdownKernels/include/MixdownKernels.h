#ifndef MIXDOWN_KERNELS_H
#define MIXDOWN_KERNELS_H

// Vectorised float kernels over raw buffers, the inner loops of mixing: the
// implementation behind the Swift facade `DSP` (MixdownDSP), which documents
// each one and picks a build.
//
// One body (KernelBodies.h) is compiled twice: `mx_kernels_baseline_*` for
// the baseline x86-64 target (SSE2; whatever the target is elsewhere), and
// `mx_kernels_avx512_*` with AVX-512 target attributes, which may run only
// where `mx_cpu_supports_avx512()` (CPUFeatures) says so (on other
// architectures, a second plain copy that never runs). Both compute
// the same IEEE operations in the same order (FP_CONTRACT OFF: no product is
// fused into an FMA), so they give the same bits.
//
// Any pointer alignment and any count (0 included) is valid. A destination may
// be exactly the same buffer as a source; partial overlap is not supported.
// Kernels never allocate and keep no state.

#include <stddef.h>
#include <stdint.h>

#pragma clang assume_nonnull begin

// --- baseline x86-64 (or whatever the target is) ---------------------------

/// `dst[i] = dst[i] + src[i] * gains[i]`, two roundings per element.
void mx_kernels_baseline_multiply_accumulate(float *dst, const float *src, const float *gains, ptrdiff_t count);
/// `dst[i] = dst[i] + src[i] * gain`, two roundings per element.
void mx_kernels_baseline_multiply_accumulate_gain(float *dst, const float *src, float gain, ptrdiff_t count);
/// `dst[i] = value`.
void mx_kernels_baseline_fill(float *dst, float value, ptrdiff_t count);
/// `dst[i] = g0 + (float)i * dg`.
void mx_kernels_baseline_fill_ramp(float *dst, float g0, float dg, ptrdiff_t count);
/// The largest |src[i]|, NaN ignored; 0 when count is 0.
float mx_kernels_baseline_peak_magnitude(const float *src, ptrdiff_t count);
/// `dst[i] = dst[i] * gains[i]`.
void mx_kernels_baseline_multiply(float *dst, const float *gains, ptrdiff_t count);
/// `dst[i] = dst[i] * (g0 + (float)i * dg)`.
void mx_kernels_baseline_multiply_ramp(float *dst, float g0, float dg, ptrdiff_t count);
/// `dst[i] = dst[i] * factor`.
void mx_kernels_baseline_scale(float *dst, float factor, ptrdiff_t count);
/// Interleaved integer PCM codes `round(x * scale)` clipped to [-scale, scale - 1],
/// shifted left by `shift`; returns the number of clipped samples.
ptrdiff_t mx_kernels_baseline_quantise(const float *left, const float *right, int32_t *codes, ptrdiff_t count,
                                       float scale, int32_t shift);
/// `peaks[n] = max(peaks[n], |y_r[n]|)` over filters r, with
/// `y_r[n] = Σ_k coefficients[r·taps + k] · src[n + taps − 1 − k]`: `src` holds
/// `taps − 1` samples of history, then the `count` samples of the block.
void mx_kernels_baseline_filter_bank_peaks(float *peaks, const float *src, const float *coefficients,
                                           ptrdiff_t filters, ptrdiff_t taps, ptrdiff_t count);
/// `dst[i] = (a[i]·(256 − weight) + b[i]·weight + 128) >> 8` for `weight` in
/// 0...256: a rounded blend of 8-bit samples (0 gives `a`, 256 gives `b`).
void mx_kernels_baseline_lerp_bytes(uint8_t *dst, const uint8_t *a, const uint8_t *b, int32_t weight, ptrdiff_t count);
/// Premultiplies native-endian 0xAARRGGBB words in place: each colour
/// `c → round(c·a / 255)`, alpha kept.
void mx_kernels_baseline_premultiply_argb32(uint32_t *pixels, ptrdiff_t count);
/// Splits 0xAARRGGBB words into four planes of bytes.
void mx_kernels_baseline_split_argb32(const uint32_t *pixels, uint8_t *blue, uint8_t *green, uint8_t *red, uint8_t *alpha,
                                      ptrdiff_t count);
/// Joins four planes into 0xAARRGGBB words, each colour clamped to its alpha
/// (a valid premultiplied pixel).
void mx_kernels_baseline_merge_argb32(uint32_t *pixels, const uint8_t *blue, const uint8_t *green, const uint8_t *red,
                                      const uint8_t *alpha, ptrdiff_t count);
/// `dst[i] = (row0[2i] + row0[2i+1] + row1[2i] + row1[2i+1] + 2) >> 2`: a 2×2
/// box, rounded half up.
void mx_kernels_baseline_average_2x2_bytes(uint8_t *dst, const uint8_t *row0, const uint8_t *row1, ptrdiff_t count);
/// Premultiplied alpha-over of 8-bit samples whose zero is `offset` (16 for
/// video-range luma, 128 for chroma), with an extra `opacity` in 256ths:
/// `dst = offset + (src − offset)·opacity/256 + (dst − offset)·(1 − alpha·opacity/65280)`,
/// in single precision, clamped to 0...255 and rounded half up.
void mx_kernels_baseline_alpha_over_bytes(uint8_t *dst, const uint8_t *src, const uint8_t *alpha, int32_t offset,
                                          int32_t opacity, ptrdiff_t count);

/// `dst[i] = (a[i]·(256 − weight) + b[i]·weight + 128) >> 8` for `weight` in
/// 0...256: `lerp_bytes` on 16-bit words (10-bit samples), 32-bit arithmetic.
void mx_kernels_baseline_lerp_words(uint16_t *dst, const uint16_t *a, const uint16_t *b, int32_t weight, ptrdiff_t count);
/// `dst[i] = value` for 16-bit words.
void mx_kernels_baseline_fill_words(uint16_t *dst, uint16_t value, ptrdiff_t count);
/// `alpha_over_bytes` over 10-bit samples in 16-bit words: `src` (8-bit,
/// premultiplied) is ×4 first, `offset` is 64 or 512, and the result is clamped
/// to 0...1023; the same alpha (in 255ths), opacity and rounding.
void mx_kernels_baseline_alpha_over_words(uint16_t *dst, const uint8_t *src, const uint8_t *alpha, int32_t offset,
                                          int32_t opacity, ptrdiff_t count);
/// `alpha_over_words` with a 10-bit premultiplied overlay: `src` (0...1023) as
/// it is, not ×4; the same alpha (8-bit, in 255ths), opacity, clamp and rounding.
void mx_kernels_baseline_alpha_over_words16(uint16_t *dst, const uint16_t *src, const uint8_t *alpha, int32_t offset,
                                            int32_t opacity, ptrdiff_t count);

// --- AVX-512 (x86-64-v4): call only where mx_cpu_supports_avx512() -----------

void mx_kernels_avx512_multiply_accumulate(float *dst, const float *src, const float *gains, ptrdiff_t count);
void mx_kernels_avx512_multiply_accumulate_gain(float *dst, const float *src, float gain, ptrdiff_t count);
void mx_kernels_avx512_fill(float *dst, float value, ptrdiff_t count);
void mx_kernels_avx512_fill_ramp(float *dst, float g0, float dg, ptrdiff_t count);
float mx_kernels_avx512_peak_magnitude(const float *src, ptrdiff_t count);
void mx_kernels_avx512_multiply(float *dst, const float *gains, ptrdiff_t count);
void mx_kernels_avx512_multiply_ramp(float *dst, float g0, float dg, ptrdiff_t count);
void mx_kernels_avx512_scale(float *dst, float factor, ptrdiff_t count);
ptrdiff_t mx_kernels_avx512_quantise(const float *left, const float *right, int32_t *codes, ptrdiff_t count,
                                     float scale, int32_t shift);
void mx_kernels_avx512_filter_bank_peaks(float *peaks, const float *src, const float *coefficients,
                                         ptrdiff_t filters, ptrdiff_t taps, ptrdiff_t count);
/// `dst[i] = (a[i]·(256 − weight) + b[i]·weight + 128) >> 8` for `weight` in
/// 0...256: a rounded blend of 8-bit samples (0 gives `a`, 256 gives `b`).
void mx_kernels_avx512_lerp_bytes(uint8_t *dst, const uint8_t *a, const uint8_t *b, int32_t weight, ptrdiff_t count);
void mx_kernels_avx512_premultiply_argb32(uint32_t *pixels, ptrdiff_t count);
void mx_kernels_avx512_split_argb32(const uint32_t *pixels, uint8_t *blue, uint8_t *green, uint8_t *red, uint8_t *alpha,
                                    ptrdiff_t count);
void mx_kernels_avx512_merge_argb32(uint32_t *pixels, const uint8_t *blue, const uint8_t *green, const uint8_t *red,
                                    const uint8_t *alpha, ptrdiff_t count);
void mx_kernels_avx512_average_2x2_bytes(uint8_t *dst, const uint8_t *row0, const uint8_t *row1, ptrdiff_t count);
void mx_kernels_avx512_alpha_over_bytes(uint8_t *dst, const uint8_t *src, const uint8_t *alpha, int32_t offset,
                                        int32_t opacity, ptrdiff_t count);

void mx_kernels_avx512_lerp_words(uint16_t *dst, const uint16_t *a, const uint16_t *b, int32_t weight, ptrdiff_t count);
void mx_kernels_avx512_fill_words(uint16_t *dst, uint16_t value, ptrdiff_t count);
void mx_kernels_avx512_alpha_over_words(uint16_t *dst, const uint8_t *src, const uint8_t *alpha, int32_t offset,
                                        int32_t opacity, ptrdiff_t count);
void mx_kernels_avx512_alpha_over_words16(uint16_t *dst, const uint16_t *src, const uint8_t *alpha, int32_t offset,
                                          int32_t opacity, ptrdiff_t count);

#pragma clang assume_nonnull end

#endif
