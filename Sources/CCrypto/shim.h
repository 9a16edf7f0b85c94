#ifndef PITCHLINE_CCRYPTO_SHIM_H
#define PITCHLINE_CCRYPTO_SHIM_H
// OpenSSL's libcrypto, for SHA-256 only (ContentHash owns it).
#include <openssl/evp.h>
#endif
