// The kernels for the target as configured (baseline x86-64: SSE2).
#include "MixdownKernels.h"

#define KERNEL(name) mx_kernels_baseline_##name
#include "KernelBodies.h"
