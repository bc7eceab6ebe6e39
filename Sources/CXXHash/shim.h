#ifndef VIEWFINDER_CXXHASH_SHIM_H
#define VIEWFINDER_CXXHASH_SHIM_H

// The xxHash library (libxxhash): XXH3-128, the checksum of downloaded files, taken as the
// bytes stream in at several GB/s.
#include <xxhash.h>

#endif
