#ifndef VIEWFINDER_CXXHASH_SHIM_H
#define VIEWFINDER_CXXHASH_SHIM_H

// The xxHash library (libxxhash): XXH3-128, the checksum of downloaded files, taken as the
// bytes stream in at several GB/s.
#include <xxhash.h>

// On x86-64 the library's plain functions are built for the baseline CPU (SSE2, 9 GB/s here);
// its `_dispatch` ones pick AVX2 or AVX-512 where the CPU has them (about 30 GB/s).
#if defined(__x86_64__)
#define XXH_DISPATCH_DISABLE_REPLACE 1
#include <xxh_x86dispatch.h>
#endif

#endif
