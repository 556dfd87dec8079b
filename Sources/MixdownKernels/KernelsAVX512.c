// The kernels again, for x86-64-v4 (AVX-512 F, BW, CD, DQ, VL on top of AVX2,
// FMA, BMI2): every function below, the inlined helpers included, gets these
// target features, as `-march=x86-64-v4` would give the whole file, but
// without a compiler flag (SwiftPM refuses unsafe flags in a package that is
// used as a dependency). DSP calls them only where mx_cpu_supports_avx512()
// (CPUFeatures) says so.
//
// Elsewhere than x86-64 this file builds a plain second copy, so that the
// names exist on every architecture; they never run there (DSP.usesAVX512 is
// false).
#include "MixdownKernels.h"

#define KERNEL(name) mx_kernels_avx512_##name
#if defined(__x86_64__)
#pragma clang attribute push(__attribute__((target("avx512f,avx512bw,avx512cd,avx512dq,avx512vl,avx2,fma,bmi,bmi2,lzcnt,movbe,f16c,popcnt,sse4.2"))), apply_to = function)
#include "KernelBodies.h"
#pragma clang attribute pop
#else
#include "KernelBodies.h"
#endif
