#ifndef MIXDOWN_CCAIRO_SHIM_H
#define MIXDOWN_CCAIRO_SHIM_H
#include <pango/pangocairo.h>
#include <librsvg/rsvg.h>
#endif
