#ifndef VIEWFINDER_CXXHASH_H
#define VIEWFINDER_CXXHASH_H

// xxHash's XXH3-128 (libxxhash): the checksum of downloaded files, taken as the bytes stream in
// at several GB/s, and of the gazetteer's file. libxxhash is loaded with dlopen when first used,
// not by the dynamic loader at start: linked, it was the last library every command loaded that
// a local search never calls (its open, maps and relocations, about 0.08 ms of each start).

#include <stddef.h>

/// An XXH3-128 checksum under way (libxxhash's XXH3_state_t).
typedef struct vf_xxh128 vf_xxh128;

/// A checksum begun, loading libxxhash (libxxhash.so.0) on the first call, once per process;
/// NULL when libxxhash cannot be loaded (`vf_xxh128_error` says why) or cannot begin one (out of
/// memory).
vf_xxh128 *vf_xxh128_new(void);

/// Adds `count` bytes to a checksum from `vf_xxh128_new`. On x86-64 through the library's
/// dispatching function, which uses AVX2 or AVX-512 where the CPU has them (about 30 GB/s,
/// against 9 for the baseline SSE2 code).
void vf_xxh128_update(vf_xxh128 *checksum, const void *bytes, size_t count);

/// The checksum of everything added, as the 16 bytes `xxhsum -H2` prints (big-endian).
void vf_xxh128_finish(vf_xxh128 *checksum, unsigned char digest[16]);

/// Frees a checksum from `vf_xxh128_new` (NULL is allowed).
void vf_xxh128_free(vf_xxh128 *checksum);

/// Why libxxhash could not be loaded, or NULL while it is loaded or not yet tried.
const char *vf_xxh128_error(void);

#endif
