// libxxhash's XXH3-128 through dlopen: see CXXHash.h.
#include "CXXHash.h"

#include <CLibraryLoader.h>
#include <string.h>
#include <xxhash.h>

// On x86-64 the library's plain functions are built for the baseline CPU; its `_dispatch` ones
// pick AVX2 or AVX-512 where the CPU has them.
#if defined(__x86_64__)
#define XXH_DISPATCH_DISABLE_REPLACE 1
#include <xxh_x86dispatch.h>
#define VF_XXH3_UPDATE "XXH3_128bits_update_dispatch"
#else
#define VF_XXH3_UPDATE "XXH3_128bits_update"
#endif

/// The functions of libxxhash used.
static struct {
    __typeof__(XXH3_createState) *create_state;
    __typeof__(XXH3_freeState) *free_state;
    __typeof__(XXH3_128bits_reset) *reset;
    __typeof__(XXH3_128bits_update) *update;
    __typeof__(XXH3_128bits_digest) *digest;
    __typeof__(XXH128_canonicalFromHash) *canonical_from_hash;
} xxhash;

static const vf_library_symbol symbols[] = {
    {"XXH3_createState", (void **)&xxhash.create_state},
    {"XXH3_freeState", (void **)&xxhash.free_state},
    {"XXH3_128bits_reset", (void **)&xxhash.reset},
    {VF_XXH3_UPDATE, (void **)&xxhash.update},
    {"XXH3_128bits_digest", (void **)&xxhash.digest},
    {"XXH128_canonicalFromHash", (void **)&xxhash.canonical_from_hash},
};

/// libxxhash 0.8's ABI (the first with XXH3-128 stable).
static vf_library library = VF_LIBRARY("libxxhash.so.0", symbols, NULL);

vf_xxh128 *vf_xxh128_new(void) {
    if (!vf_library_load(&library)) return NULL;
    XXH3_state_t *state = xxhash.create_state();
    if (state != NULL && xxhash.reset(state) != XXH_OK) {
        xxhash.free_state(state);
        return NULL;
    }
    return (vf_xxh128 *)state;
}

void vf_xxh128_update(vf_xxh128 *checksum, const void *bytes, size_t count) {
    (void)xxhash.update((XXH3_state_t *)checksum, bytes, count);
}

void vf_xxh128_finish(vf_xxh128 *checksum, unsigned char digest[16]) {
    XXH128_canonical_t canonical;
    xxhash.canonical_from_hash(&canonical, xxhash.digest((XXH3_state_t *)checksum));
    memcpy(digest, canonical.digest, 16);
}

void vf_xxh128_free(vf_xxh128 *checksum) {
    if (checksum != NULL) xxhash.free_state((XXH3_state_t *)checksum);
}

const char *vf_xxh128_error(void) { return vf_library_error(&library); }
