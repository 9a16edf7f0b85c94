#ifndef PITCHLINE_CVORBIS_SHIM_H
#define PITCHLINE_CVORBIS_SHIM_H
#include <ogg/ogg.h>
#include <vorbis/codec.h>
#include <vorbis/vorbisenc.h>
#include <vorbis/vorbisfile.h>
#endif
