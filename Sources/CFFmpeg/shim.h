// What Swift cannot import from FFmpeg 5.1's headers: function-like macros,
// FFERRTAG constants, casts and compound literals.
#ifndef MIXDOWN_CFFMPEG_SHIM_H
#define MIXDOWN_CFFMPEG_SHIM_H

#include <errno.h>
#include <libavformat/avformat.h>
#include <libavcodec/avcodec.h>
#include <libswresample/swresample.h>
#include <libswscale/swscale.h>
#include <libavutil/avutil.h>
#include <libavutil/channel_layout.h>
#include <libavutil/display.h>
#include <libavutil/opt.h>
#include <libavutil/pixdesc.h>
#include <libavutil/audio_fifo.h>
#include <libavutil/tx.h>
#include <libavutil/imgutils.h>
#include <libavutil/mastering_display_metadata.h>
#include <libavutil/dovi_meta.h>
#include <libavutil/crc.h>
#include <libavutil/sha.h>

static inline int mx_averror(int e) { return AVERROR(e); }
static const int MX_AVERROR_EOF = AVERROR_EOF;
static const int MX_AVERROR_EAGAIN = AVERROR(EAGAIN);
static const int MX_AVERROR_INVALIDDATA = AVERROR_INVALIDDATA;
static const int MX_AVERROR_EXIT = AVERROR_EXIT;
static const int MX_AVERROR_PATCHWELCOME = AVERROR_PATCHWELCOME;
static const int64_t MX_NOPTS_VALUE = AV_NOPTS_VALUE;

static inline AVRational mx_time_base_q(void) { return (AVRational){1, AV_TIME_BASE}; }
static inline AVChannelLayout mx_layout_mono(void) { return (AVChannelLayout)AV_CHANNEL_LAYOUT_MONO; }
static inline AVChannelLayout mx_layout_stereo(void) { return (AVChannelLayout)AV_CHANNEL_LAYOUT_STEREO; }

/// Fills `buf` with FFmpeg's message for error code `e` and returns it.
static inline const char *mx_strerror(int e, char *buf, size_t n) {
    av_strerror(e, buf, n);
    return buf;
}

#endif
