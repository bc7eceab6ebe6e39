#ifndef VIEWFINDER_CCRYPTO_SHIM_H
#define VIEWFINDER_CCRYPTO_SHIM_H

// OpenSSL's digest interface (libcrypto, which libcurl already links): SHA-256 at the speed of
// the CPU's SHA instructions, for checksums of downloaded files and cache keys.
#include <openssl/evp.h>

#endif
