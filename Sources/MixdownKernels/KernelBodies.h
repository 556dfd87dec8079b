// The kernels' bodies. Not a header to include anywhere else: KernelsBaseline.c
// and KernelsAVX512.c each include it once, with KERNEL(name) naming the
// functions (mx_kernels_baseline_name, mx_kernels_avx512_name); the AVX-512 copy
// is compiled under AVX-512 target attributes. include/MixdownKernels.h
// declares both; DSP (MixdownDSP) documents every kernel.
//
// Exact bits, whichever copy runs and whatever the compiler may do:
// - FP_CONTRACT OFF: `d + s * g` stays a multiply and an add (two roundings),
//   never an FMA, even in the copy that has FMA instructions. Nothing here is
//   reassociated (no -ffast-math), so both copies do the same IEEE operations
//   in the same order.
// - Ramps: a lane's gain is `g0 + index * dg` with its index kept as an exact
//   float that only advances (integers below 2^24 are exact), never a running
//   sum of gains; the scalar tail computes `g0 + (float)i * dg`.
//
// Every kernel works in 16-float vectors (clang's ext_vector_type: four SSE
// registers in the baseline copy, one AVX-512 register in the other) loaded
// and stored unaligned, and finishes the last count % 16 elements with a
// scalar tail, so any alignment and any count (0 included) is valid.

#ifndef KERNEL
#error "define KERNEL(name) before including KernelBodies.h"
#endif

#include <string.h>

#pragma STDC FP_CONTRACT OFF

typedef float v16f __attribute__((ext_vector_type(16)));
typedef int32_t v16i __attribute__((ext_vector_type(16)));
typedef float v8f __attribute__((ext_vector_type(8)));
typedef int32_t v8i __attribute__((ext_vector_type(8)));
typedef uint32_t v8u __attribute__((ext_vector_type(8)));
// The same vectors at any float's address (unaligned loads and stores, like
// the intrinsics' _mm512_loadu_ps), allowed to alias the caller's floats.
typedef float v16f_u __attribute__((ext_vector_type(16), aligned(4), may_alias));
typedef float v8f_u __attribute__((ext_vector_type(8), aligned(4), may_alias));
typedef int32_t v16i_u __attribute__((ext_vector_type(16), aligned(4), may_alias));

#define WIDTH 16
// Helpers are macros, or take vectors by pointer: a 512-bit vector passed by
// value to a function of the baseline copy is an ABI question (-Wpsabi), even
// when the function is always inlined.
#define LOAD16(p) (*(const v16f_u *)(p))
#define STORE16(p, v) (*(v16f_u *)(p) = (v))
#define LOAD8(p) (*(const v8f_u *)(p))
/// `0, 1, 2, … 15`: lane offsets for per-lane ramp evaluation.
#define LANE_INDICES ((v16f){0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15})

void KERNEL(multiply_accumulate)(float *dst, const float *src, const float *gains, ptrdiff_t count) {
    ptrdiff_t i = 0;
    for (; i + WIDTH <= count; i += WIDTH) {
        STORE16(dst + i, LOAD16(dst + i) + LOAD16(src + i) * LOAD16(gains + i));
    }
    for (; i < count; i++) {
        dst[i] = dst[i] + src[i] * gains[i];
    }
}

void KERNEL(multiply_accumulate_gain)(float *dst, const float *src, float gain, ptrdiff_t count) {
    const v16f g = gain;
    ptrdiff_t i = 0;
    for (; i + WIDTH <= count; i += WIDTH) {
        STORE16(dst + i, LOAD16(dst + i) + LOAD16(src + i) * g);
    }
    for (; i < count; i++) {
        dst[i] = dst[i] + src[i] * gain;
    }
}

void KERNEL(fill)(float *dst, float value, ptrdiff_t count) {
    const v16f v = value;
    ptrdiff_t i = 0;
    for (; i + WIDTH <= count; i += WIDTH) {
        STORE16(dst + i, v);
    }
    for (; i < count; i++) {
        dst[i] = value;
    }
}

void KERNEL(fill_ramp)(float *dst, float g0, float dg, ptrdiff_t count) {
    const v16f start = g0, step = dg;
    v16f index = LANE_INDICES;
    ptrdiff_t i = 0;
    for (; i + WIDTH <= count; i += WIDTH) {
        STORE16(dst + i, start + index * step);
        index += (float)WIDTH;
    }
    for (; i < count; i++) {
        dst[i] = g0 + (float)i * dg;
    }
}

float KERNEL(peak_magnitude)(const float *src, ptrdiff_t count) {
    v16f peaks = 0;
    ptrdiff_t i = 0;
    for (; i + WIDTH <= count; i += WIDTH) {
        const v16f x = LOAD16(src + i);
        const v16f magnitude = x < 0 ? -x : x;
        // A NaN lane compares false and never replaces a peak.
        peaks = peaks < magnitude ? magnitude : peaks;
    }
    float peak = 0;
    for (int lane = 0; lane < WIDTH; lane++) {
        if (peak < peaks[lane]) peak = peaks[lane];
    }
    for (; i < count; i++) {
        const float magnitude = src[i] < 0 ? -src[i] : src[i];
        if (peak < magnitude) peak = magnitude;
    }
    return peak;
}

void KERNEL(multiply)(float *dst, const float *gains, ptrdiff_t count) {
    ptrdiff_t i = 0;
    for (; i + WIDTH <= count; i += WIDTH) {
        STORE16(dst + i, LOAD16(dst + i) * LOAD16(gains + i));
    }
    for (; i < count; i++) {
        dst[i] = dst[i] * gains[i];
    }
}

void KERNEL(multiply_ramp)(float *dst, float g0, float dg, ptrdiff_t count) {
    const v16f start = g0, step = dg;
    v16f index = LANE_INDICES;
    ptrdiff_t i = 0;
    for (; i + WIDTH <= count; i += WIDTH) {
        const v16f gain = start + index * step;
        index += (float)WIDTH;
        STORE16(dst + i, LOAD16(dst + i) * gain);
    }
    for (; i < count; i++) {
        dst[i] = dst[i] * (g0 + (float)i * dg);
    }
}

void KERNEL(scale)(float *dst, float factor, ptrdiff_t count) {
    const v16f k = factor;
    ptrdiff_t i = 0;
    for (; i + WIDTH <= count; i += WIDTH) {
        STORE16(dst + i, LOAD16(dst + i) * k);
    }
    for (; i < count; i++) {
        dst[i] = dst[i] * factor;
    }
}

// --- filter bank peaks ---------------------------------------------------------

/// Each filter's first and last non-zero coefficient: its sums skip the zero
/// taps at either end (a detector's short rows, or a row that is a single 1).
static inline __attribute__((always_inline))
int filter_span(const float *row, ptrdiff_t taps, ptrdiff_t *first, ptrdiff_t *last) {
    ptrdiff_t a = 0, b = taps - 1;
    while (a < taps && row[a] == 0) a++;
    while (b > a && row[b] == 0) b--;
    *first = a;
    *last = b;
    return a < taps;
}

/// |Σ c[k]·x[newest − k]| for 16 consecutive outputs, k ascending from `first`
/// to `last`: a multiply and an add per tap, the scalar tail's order.
#define FILTER16(result, src, row, first, last, newest) do {                  \
        v16f acc_ = 0;                                                         \
        for (ptrdiff_t k_ = (first); k_ <= (last); k_++) {                     \
            acc_ = acc_ + LOAD16((src) + (newest) - k_) * (row)[k_];           \
        }                                                                      \
        (result) = acc_ < 0 ? -acc_ : acc_;                                    \
    } while (0)

void KERNEL(filter_bank_peaks)(float *peaks, const float *src, const float *coefficients,
                               ptrdiff_t filters, ptrdiff_t taps, ptrdiff_t count) {
    for (ptrdiff_t r = 0; r < filters; r++) {
        const float *row = coefficients + r * taps;
        ptrdiff_t first, last;
        if (!filter_span(row, taps, &first, &last)) continue;
        ptrdiff_t n = 0;
        // Two vectors at a time: independent sums, so the adds' latency overlaps.
        for (; n + 2 * WIDTH <= count; n += 2 * WIDTH) {
            v16f a, b;
            FILTER16(a, src, row, first, last, n + taps - 1);
            FILTER16(b, src, row, first, last, n + WIDTH + taps - 1);
            const v16f pa = LOAD16(peaks + n), pb = LOAD16(peaks + n + WIDTH);
            // A NaN lane compares false and never replaces a peak.
            STORE16(peaks + n, pa < a ? a : pa);
            STORE16(peaks + n + WIDTH, pb < b ? b : pb);
        }
        for (; n + WIDTH <= count; n += WIDTH) {
            v16f a;
            FILTER16(a, src, row, first, last, n + taps - 1);
            const v16f pa = LOAD16(peaks + n);
            STORE16(peaks + n, pa < a ? a : pa);
        }
        for (; n < count; n++) {
            float acc = 0;
            for (ptrdiff_t k = first; k <= last; k++) {
                acc = acc + src[n + taps - 1 - k] * row[k];
            }
            const float magnitude = acc < 0 ? -acc : acc;
            if (peaks[n] < magnitude) peaks[n] = magnitude;
        }
    }
}

#undef FILTER16

// --- quantise ------------------------------------------------------------------

/// The constants of one quantise call, splatted once.
typedef struct {
    v8f factor, high, low;
    v8u shift;
} quantiser;

/// Codes for 8 samples: round(x * scale) clipped to [-scale, scale - 1], NaN
/// as 0, shifted left; adds 1 to `clipped`'s lane for each sample clipped.
///
/// Rounds with the magic-number trick rather than a conversion instruction,
/// the arithmetic of the Swift kernel this code replaced (the same codes):
/// adding 1.5 × 2^23 leaves round-to-nearest-even(x) in the low mantissa bits.
/// That needs |x| < 2^22, so the outer quarter of the 24-bit range moves in by
/// 2^22 first (exact) and back after.
static inline __attribute__((always_inline))
void quantise8(const quantiser *q, const v8f *samples, v8u *clipped, v8i *codes) {
    const v8f magic = 12582912.0f;             // 1.5 × 2^23
    const v8u magic_bits = 0x4B400000u;        // its bits
    const v8f quarter = 4194304.0f;            // 2^22
    v8f x = *samples * q->factor;
    x = x != x ? (v8f)0 : x;
    const v8i over = x > q->high, under = x < q->low;   // lanes: -1 true, 0 false
    *clipped += (v8u)(over | under) & 1u;
    x = over ? q->high : x;
    x = under ? q->low : x;
    const v8i up = x >= quarter, down = x < -quarter;
    v8f offset = up ? quarter : (v8f)0;
    offset = down ? -quarter : offset;
    const v8f shifted = (x - offset) + magic;
    const v8u rounded = (v8u)shifted - magic_bits;     // a bit cast: same-size vectors
    const v8u code = rounded + ((v8u)up & (1u << 22)) + ((v8u)down & (0u - (1u << 22)));
    *codes = (v8i)(code << (q->shift & 31u));
}

ptrdiff_t KERNEL(quantise)(const float *left, const float *right, int32_t *codes, ptrdiff_t count,
                           float scale, int32_t shift) {
    quantiser q;
    q.factor = scale;
    q.high = scale - 1;
    q.low = -scale;
    q.shift = (uint32_t)shift;
    v8u clipped = 0;
    ptrdiff_t i = 0;
    for (; i + 8 <= count; i += 8) {
        const v8f l = LOAD8(left + i), r = LOAD8(right + i);
        v8i a, b;
        quantise8(&q, &l, &clipped, &a);
        quantise8(&q, &r, &clipped, &b);
        *(v16i_u *)(codes + 2 * i) =
            __builtin_shufflevector(a, b, 0, 8, 1, 9, 2, 10, 3, 11, 4, 12, 5, 13, 6, 14, 7, 15);
    }
    uint32_t total = 0;
    for (int lane = 0; lane < 8; lane++) total += clipped[lane];
    ptrdiff_t clipped_total = (int32_t)total;   // a wrapping 32-bit sum, as the lanes are
    // The tail through the same vector arithmetic, one sample splatted.
    for (; i < count; i++) {
        const v8f l = left[i], r = right[i];
        v8u one = 0;
        v8i a, b;
        quantise8(&q, &l, &one, &a);
        quantise8(&q, &r, &one, &b);
        codes[2 * i] = a[0];
        codes[2 * i + 1] = b[0];
        clipped_total += one[0];
    }
    return clipped_total;
}

#undef LANE_INDICES
#undef LOAD8
#undef STORE16
#undef LOAD16
#undef WIDTH

// --- pictures (8-bit samples) ------------------------------------------------

typedef uint8_t v16b_u __attribute__((ext_vector_type(16), aligned(1), may_alias));
typedef uint16_t v16s __attribute__((ext_vector_type(16)));

void KERNEL(lerp_bytes)(uint8_t *dst, const uint8_t *a, const uint8_t *b, int32_t weight, ptrdiff_t count) {
    const uint16_t wb = (uint16_t)weight, wa = (uint16_t)(256 - weight);
    ptrdiff_t i = 0;
    for (; i + 16 <= count; i += 16) {
        v16s va = __builtin_convertvector(*(const v16b_u *)(a + i), v16s);
        v16s vb = __builtin_convertvector(*(const v16b_u *)(b + i), v16s);
        v16s mixed = (va * wa + vb * wb + 128) >> 8;
        *(v16b_u *)(dst + i) = __builtin_convertvector(mixed, v16b_u);
    }
    for (; i < count; i++) dst[i] = (uint8_t)((a[i] * wa + b[i] * wb + 128) >> 8);
}

// --- overlays (premultiplied 32-bit pixels, 8-bit planes) ------------------------
//
// A pixel is one native-endian 32-bit word 0xAARRGGBB (Cairo's ARGB32), so the
// kernels take words apart with shifts, whatever the byte order.

typedef uint32_t v16u __attribute__((ext_vector_type(16)));
typedef uint32_t v16u_u __attribute__((ext_vector_type(16), aligned(1), may_alias));
typedef uint8_t v32b_u __attribute__((ext_vector_type(32), aligned(1), may_alias));
typedef uint16_t v32s __attribute__((ext_vector_type(32)));

/// round(x / 255) for x in 0...65025, exactly (no ties: 255 is odd).
#define DIV255(x) ((((x) + 128) + (((x) + 128) >> 8)) >> 8)

void KERNEL(premultiply_argb32)(uint32_t *pixels, ptrdiff_t count) {
    ptrdiff_t i = 0;
    for (; i + 16 <= count; i += 16) {
        const v16u p = *(const v16u_u *)(pixels + i);
        const v16u a = p >> 24;
        const v16u b = DIV255((p & 0xFFu) * a), g = DIV255(((p >> 8) & 0xFFu) * a), r = DIV255(((p >> 16) & 0xFFu) * a);
        *(v16u_u *)(pixels + i) = b | (g << 8) | (r << 16) | (a << 24);
    }
    for (; i < count; i++) {
        const uint32_t p = pixels[i], a = p >> 24;
        const uint32_t b = DIV255((p & 0xFFu) * a), g = DIV255(((p >> 8) & 0xFFu) * a), r = DIV255(((p >> 16) & 0xFFu) * a);
        pixels[i] = b | (g << 8) | (r << 16) | (a << 24);
    }
}

void KERNEL(split_argb32)(const uint32_t *pixels, uint8_t *blue, uint8_t *green, uint8_t *red, uint8_t *alpha,
                          ptrdiff_t count) {
    ptrdiff_t i = 0;
    for (; i + 16 <= count; i += 16) {
        const v16u p = *(const v16u_u *)(pixels + i);
        *(v16b_u *)(blue + i) = __builtin_convertvector(p & 0xFFu, v16b_u);
        *(v16b_u *)(green + i) = __builtin_convertvector((p >> 8) & 0xFFu, v16b_u);
        *(v16b_u *)(red + i) = __builtin_convertvector((p >> 16) & 0xFFu, v16b_u);
        *(v16b_u *)(alpha + i) = __builtin_convertvector(p >> 24, v16b_u);
    }
    for (; i < count; i++) {
        const uint32_t p = pixels[i];
        blue[i] = (uint8_t)p;
        green[i] = (uint8_t)(p >> 8);
        red[i] = (uint8_t)(p >> 16);
        alpha[i] = (uint8_t)(p >> 24);
    }
}

void KERNEL(merge_argb32)(uint32_t *pixels, const uint8_t *blue, const uint8_t *green, const uint8_t *red,
                          const uint8_t *alpha, ptrdiff_t count) {
    ptrdiff_t i = 0;
    for (; i + 16 <= count; i += 16) {
        const v16u a = __builtin_convertvector(*(const v16b_u *)(alpha + i), v16u);
        v16u b = __builtin_convertvector(*(const v16b_u *)(blue + i), v16u);
        v16u g = __builtin_convertvector(*(const v16b_u *)(green + i), v16u);
        v16u r = __builtin_convertvector(*(const v16b_u *)(red + i), v16u);
        b = b > a ? a : b;
        g = g > a ? a : g;
        r = r > a ? a : r;
        *(v16u_u *)(pixels + i) = b | (g << 8) | (r << 16) | (a << 24);
    }
    for (; i < count; i++) {
        const uint32_t a = alpha[i];
        const uint32_t b = blue[i] > a ? a : blue[i], g = green[i] > a ? a : green[i], r = red[i] > a ? a : red[i];
        pixels[i] = b | (g << 8) | (r << 16) | (a << 24);
    }
}

void KERNEL(average_2x2_bytes)(uint8_t *dst, const uint8_t *row0, const uint8_t *row1, ptrdiff_t count) {
    ptrdiff_t i = 0;
    for (; i + 16 <= count; i += 16) {
        const v32s sum = __builtin_convertvector(*(const v32b_u *)(row0 + 2 * i), v32s)
                       + __builtin_convertvector(*(const v32b_u *)(row1 + 2 * i), v32s);
        const v16s even = __builtin_shufflevector(sum, sum, 0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30);
        const v16s odd = __builtin_shufflevector(sum, sum, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27, 29, 31);
        *(v16b_u *)(dst + i) = __builtin_convertvector((even + odd + 2) >> 2, v16b_u);
    }
    for (; i < count; i++) {
        dst[i] = (uint8_t)((row0[2 * i] + row0[2 * i + 1] + row1[2 * i] + row1[2 * i + 1] + 2) >> 2);
    }
}

// Premultiplied alpha-over of one lane group and of one sample, in float, as
// every alpha_over_* kernel computes it: out = offset + (src − offset)·opacity
// + (dst − offset)·cover, cover = 65280 − alpha·opacity (what still shows of
// dst, in 1/65280ths: 255 × 256, an exact integer; its division is rounded
// once), clamped to 0…top and rounded half up.
// (Lanes go by pointer, as quantise8's do: a vector argument's ABI differs between the two builds.)
static inline __attribute__((always_inline))
void alpha_over_lanes(const v16i *s, const v16i *d, const v16i *a, int32_t offset, int32_t opacity, float top, v16i *result) {
    const float share = (float)opacity / 256.0f, full = 65280.0f, base = (float)offset;
    const v16f cover = __builtin_convertvector(65280 - *a * opacity, v16f) / full;
    v16f out = base + __builtin_convertvector(*s - offset, v16f) * share + __builtin_convertvector(*d - offset, v16f) * cover;
    out = out < 0.0f ? (v16f)0.0f : out;
    out = out > top ? (v16f)top : out;
    *result = __builtin_convertvector(out + 0.5f, v16i);
}

static inline __attribute__((always_inline))
int32_t alpha_over_sample(int32_t s, int32_t d, int32_t a, int32_t offset, int32_t opacity, float top) {
    const float share = (float)opacity / 256.0f, full = 65280.0f, base = (float)offset;
    const float cover = (float)(65280 - a * opacity) / full;
    float out = base + (float)(s - offset) * share + (float)(d - offset) * cover;
    out = out < 0.0f ? 0.0f : out;
    out = out > top ? top : out;
    return (int32_t)(out + 0.5f);
}

void KERNEL(alpha_over_bytes)(uint8_t *dst, const uint8_t *src, const uint8_t *alpha, int32_t offset, int32_t opacity,
                              ptrdiff_t count) {
    ptrdiff_t i = 0;
    for (; i + 16 <= count; i += 16) {
        const v16i s = __builtin_convertvector(*(const v16b_u *)(src + i), v16i);
        const v16i d = __builtin_convertvector(*(const v16b_u *)(dst + i), v16i);
        const v16i a = __builtin_convertvector(*(const v16b_u *)(alpha + i), v16i);
        v16i out;
        alpha_over_lanes(&s, &d, &a, offset, opacity, 255.0f, &out);
        *(v16b_u *)(dst + i) = __builtin_convertvector(out, v16b_u);
    }
    for (; i < count; i++) dst[i] = (uint8_t)alpha_over_sample(src[i], dst[i], alpha[i], offset, opacity, 255.0f);
}

#undef DIV255

// --- pictures (10-bit samples in 16-bit words: FFmpeg's yuv420p10le) ------------
//
// The 8-bit kernels' arithmetic at 10 bits: the same weights (256ths), the same
// alpha (255ths of the 8-bit overlay), the same roundings; only the samples are
// wider. An overlay stays 8-bit: its samples are ×4 (exact) before blending.

typedef uint16_t v16h_u __attribute__((ext_vector_type(16), aligned(2), may_alias));

void KERNEL(lerp_words)(uint16_t *dst, const uint16_t *a, const uint16_t *b, int32_t weight, ptrdiff_t count) {
    // 1023 × 256 needs 18 bits: 32-bit lanes.
    const uint32_t wb = (uint32_t)weight, wa = (uint32_t)(256 - weight);
    ptrdiff_t i = 0;
    for (; i + 16 <= count; i += 16) {
        const v16u va = __builtin_convertvector(*(const v16h_u *)(a + i), v16u);
        const v16u vb = __builtin_convertvector(*(const v16h_u *)(b + i), v16u);
        const v16u mixed = (va * wa + vb * wb + 128) >> 8;
        *(v16h_u *)(dst + i) = __builtin_convertvector(mixed, v16h_u);
    }
    for (; i < count; i++) dst[i] = (uint16_t)((a[i] * wa + b[i] * wb + 128) >> 8);
}

void KERNEL(fill_words)(uint16_t *dst, uint16_t value, ptrdiff_t count) {
    const v16h_u v = value;
    ptrdiff_t i = 0;
    for (; i + 16 <= count; i += 16) *(v16h_u *)(dst + i) = v;
    for (; i < count; i++) dst[i] = value;
}

void KERNEL(alpha_over_words)(uint16_t *dst, const uint8_t *src, const uint8_t *alpha, int32_t offset, int32_t opacity,
                              ptrdiff_t count) {
    // As alpha_over_bytes, with src × 4 and the clamp at 1023.
    ptrdiff_t i = 0;
    for (; i + 16 <= count; i += 16) {
        const v16i s = __builtin_convertvector(*(const v16b_u *)(src + i), v16i) * 4;
        const v16i d = __builtin_convertvector(*(const v16h_u *)(dst + i), v16i);
        const v16i a = __builtin_convertvector(*(const v16b_u *)(alpha + i), v16i);
        v16i out;
        alpha_over_lanes(&s, &d, &a, offset, opacity, 1023.0f, &out);
        *(v16h_u *)(dst + i) = __builtin_convertvector(out, v16h_u);
    }
    for (; i < count; i++) dst[i] = (uint16_t)alpha_over_sample(src[i] * 4, dst[i], alpha[i], offset, opacity, 1023.0f);
}

void KERNEL(alpha_over_words16)(uint16_t *dst, const uint16_t *src, const uint8_t *alpha, int32_t offset, int32_t opacity,
                                ptrdiff_t count) {
    // As alpha_over_words with a 10-bit overlay (SDR graphics placed in HDR): src as it is, not ×4.
    ptrdiff_t i = 0;
    for (; i + 16 <= count; i += 16) {
        const v16i s = __builtin_convertvector(*(const v16h_u *)(src + i), v16i);
        const v16i d = __builtin_convertvector(*(const v16h_u *)(dst + i), v16i);
        const v16i a = __builtin_convertvector(*(const v16b_u *)(alpha + i), v16i);
        v16i out;
        alpha_over_lanes(&s, &d, &a, offset, opacity, 1023.0f, &out);
        *(v16h_u *)(dst + i) = __builtin_convertvector(out, v16h_u);
    }
    for (; i < count; i++) dst[i] = (uint16_t)alpha_over_sample(src[i], dst[i], alpha[i], offset, opacity, 1023.0f);
}
