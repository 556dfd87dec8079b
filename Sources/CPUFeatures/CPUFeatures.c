#include "CPUFeatures.h"

int mx_cpu_supports_avx512(void) {
#if defined(__x86_64__)
    // The compiler runtime reads CPUID and checks with XGETBV that the
    // operating system saves the AVX-512 registers.
    __builtin_cpu_init();
    return __builtin_cpu_supports("x86-64-v4") ? 1 : 0;
#else
    return 0;
#endif
}
