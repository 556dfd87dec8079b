#ifndef MIXDOWN_CPU_FEATURES_H
#define MIXDOWN_CPU_FEATURES_H

/// 1 when the processor and the operating system support the x86-64-v4 level
/// (AVX-512 F, BW, CD, DQ, VL, on top of AVX2 and FMA), else 0.
int mx_cpu_supports_avx512(void);

#endif
