// What Swift cannot import from FFmpeg 5.1's headers: function-like macros,
// FFERRTAG constants, casts and compound literals.
#ifndef MIXDOWN_CFFMPEG_SHIM_H
#define MIXDOWN_CFFMPEG_SHIM_H

#include <errno.h>
#include <libavfilter/avfilter.h>
#include <libavfilter/buffersrc.h>
#include <libavfilter/buffersink.h>
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

/// FFmpeg 5.1's MPADecodeHeader (libavcodec/mpegaudiodecheader.h, not installed):
/// what `avpriv_mpegaudio_decode_header` fills in.
typedef struct MXMPADecodeHeader {
    int frame_size;
    int error_protection;
    int layer;
    int sample_rate;
    int sample_rate_index;
    int bit_rate;
    int nb_channels;
    int mode;
    int mode_ext;
    int lsf;
} MXMPADecodeHeader;

/// The check FFmpeg's MPEG audio decoder (mp1/mp2/mp3, fixed and float) runs on
/// each packet's first four bytes before decoding it: < 0 for an invalid header,
/// 1 for free format, 0 otherwise. Exported by libavcodec 59 (LIBAVCODEC_59).
int avpriv_mpegaudio_decode_header(MXMPADecodeHeader *s, uint32_t header);

#endif
