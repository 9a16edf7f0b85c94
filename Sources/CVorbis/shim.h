#ifndef PITCHLINE_CVORBIS_SHIM_H
#define PITCHLINE_CVORBIS_SHIM_H
// vorbisfile.h otherwise defines static stdio-based callback tables we never use (we decode from memory).
#define OV_EXCLUDE_STATIC_CALLBACKS
#include <ogg/ogg.h>
#include <vorbis/codec.h>
#include <vorbis/vorbisenc.h>
#include <vorbis/vorbisfile.h>
#endif
