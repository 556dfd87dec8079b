#ifndef MIXDOWN_CZIMG_SHIM_H
#define MIXDOWN_CZIMG_SHIM_H
#include <zimg.h>

// The API version zimg's versioned structures are filled for (a macro Swift
// does not import).
static const unsigned MX_ZIMG_API_VERSION = ZIMG_API_VERSION;

// zimg's buffers hold their planes in an array of an anonymous struct, which
// Swift does not import: these set plane `p` to a whole in-memory plane.
static inline void mx_zimg_set_input_plane(zimg_image_buffer_const *buffer, unsigned p, const void *data, ptrdiff_t stride) {
    buffer->plane[p].data = data;
    buffer->plane[p].stride = stride;
    buffer->plane[p].mask = ZIMG_BUFFER_MAX;
}

static inline void mx_zimg_set_output_plane(zimg_image_buffer *buffer, unsigned p, void *data, ptrdiff_t stride) {
    buffer->plane[p].data = data;
    buffer->plane[p].stride = stride;
    buffer->plane[p].mask = ZIMG_BUFFER_MAX;
}
#endif
