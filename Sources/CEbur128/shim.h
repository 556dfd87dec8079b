#ifndef MIXDOWN_CEBUR128_SHIM_H
#define MIXDOWN_CEBUR128_SHIM_H
#include <ebur128.h>

// `enum mode` imports as a struct and ebur128_init takes int: these typed
// copies save casts.
static const int MX_EBUR128_MODE_M = EBUR128_MODE_M;
static const int MX_EBUR128_MODE_S = EBUR128_MODE_S;
static const int MX_EBUR128_MODE_I = EBUR128_MODE_I;
static const int MX_EBUR128_MODE_LRA = EBUR128_MODE_LRA;
static const int MX_EBUR128_MODE_SAMPLE_PEAK = EBUR128_MODE_SAMPLE_PEAK;
static const int MX_EBUR128_MODE_TRUE_PEAK = EBUR128_MODE_TRUE_PEAK;
static const int MX_EBUR128_SUCCESS = EBUR128_SUCCESS;
#endif
