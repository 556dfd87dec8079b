#ifndef MIXDOWN_CSNDFILE_SHIM_H
#define MIXDOWN_CSNDFILE_SHIM_H
#include <sndfile.h>

// The SF_* enum constants import as Int; these typed copies save casts.
static const int MX_SF_TRUE = SF_TRUE;
static const int MX_SFM_WRITE = SFM_WRITE;
static const int MX_SFC_SET_CLIPPING = SFC_SET_CLIPPING;
static const int MX_SF_FALSE = SF_FALSE;
static const int MX_SFC_SET_ADD_PEAK_CHUNK = SFC_SET_ADD_PEAK_CHUNK;
#endif
