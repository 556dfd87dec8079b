// What Swift cannot import from FFmpeg 5.1's headers: function-like macros,
// FFERRTAG constants, casts and compound literals; and libavfilter, opened on demand.
#ifndef MIXDOWN_CFFMPEG_SHIM_H
#define MIXDOWN_CFFMPEG_SHIM_H

#include <dlfcn.h>
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

/// libavfilter's functions Mixdown calls. The library is not linked but opened
/// by `mx_avfilter_load` when dialogue cleanup first builds a graph: its own
/// dependencies (30 more libraries, flite's voices among them) would otherwise be
/// loaded and relocated by every run, about 12 MB of resident memory.
typedef struct MXAVFilterFunctions {
    __typeof__(avfilter_version) *_Nonnull version;
    __typeof__(avfilter_get_by_name) *_Nonnull get_by_name;
    __typeof__(avfilter_graph_alloc) *_Nonnull graph_alloc;
    __typeof__(avfilter_graph_create_filter) *_Nonnull graph_create_filter;
    __typeof__(avfilter_graph_parse_ptr) *_Nonnull graph_parse_ptr;
    __typeof__(avfilter_graph_config) *_Nonnull graph_config;
    __typeof__(avfilter_graph_send_command) *_Nonnull graph_send_command;
    __typeof__(avfilter_graph_free) *_Nonnull graph_free;
    __typeof__(avfilter_inout_alloc) *_Nonnull inout_alloc;
    __typeof__(avfilter_inout_free) *_Nonnull inout_free;
    __typeof__(av_buffersrc_add_frame_flags) *_Nonnull buffersrc_add_frame_flags;
    __typeof__(av_buffersink_get_frame) *_Nonnull buffersink_get_frame;
} MXAVFilterFunctions;

#define MX_STRINGIFY_(x) #x
#define MX_STRINGIFY(x) MX_STRINGIFY_(x)

/// Opens the libavfilter of the major version these headers declare (once per
/// process; it stays loaded) and returns its functions, or NULL with dlerror's
/// reason in `*error`. Not thread-safe: call it from one initialiser.
static inline const MXAVFilterFunctions *_Nullable mx_avfilter_load(const char *_Nullable *_Nonnull error) {
    static MXAVFilterFunctions table;
    void *library = dlopen("libavfilter.so." MX_STRINGIFY(LIBAVFILTER_VERSION_MAJOR), RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        *error = dlerror();
        return NULL;
    }
#define MX_FIND(field, symbol) \
    if (!(*(void **)&table.field = dlsym(library, #symbol))) { *error = dlerror(); return NULL; }
    MX_FIND(version, avfilter_version)
    MX_FIND(get_by_name, avfilter_get_by_name)
    MX_FIND(graph_alloc, avfilter_graph_alloc)
    MX_FIND(graph_create_filter, avfilter_graph_create_filter)
    MX_FIND(graph_parse_ptr, avfilter_graph_parse_ptr)
    MX_FIND(graph_config, avfilter_graph_config)
    MX_FIND(graph_send_command, avfilter_graph_send_command)
    MX_FIND(graph_free, avfilter_graph_free)
    MX_FIND(inout_alloc, avfilter_inout_alloc)
    MX_FIND(inout_free, avfilter_inout_free)
    MX_FIND(buffersrc_add_frame_flags, av_buffersrc_add_frame_flags)
    MX_FIND(buffersink_get_frame, av_buffersink_get_frame)
#undef MX_FIND
    return &table;
}

#endif
