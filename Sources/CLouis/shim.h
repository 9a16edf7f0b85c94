#ifndef PITCHLINE_CLOUIS_SHIM_H
#define PITCHLINE_CLOUIS_SHIM_H
#include <liblouis.h>
#endif
