#ifndef PITCHLINE_CZLIB_SHIM_H
#define PITCHLINE_CZLIB_SHIM_H
#include <zlib.h>

/// `deflateInit2` is a macro (Swift cannot call it): gzip wrapper, best compression.
static inline int pl_deflate_init_gzip(z_stream *stream) {
    return deflateInit2(stream, Z_BEST_COMPRESSION, Z_DEFLATED, 15 + 16, 9, Z_DEFAULT_STRATEGY);
}
#endif
