#ifndef VIEWFINDER_CCRYPTO_H
#define VIEWFINDER_CCRYPTO_H

// OpenSSL's digest interface (libcrypto): SHA-256 at the speed of the CPU's SHA instructions,
// for the HTTP cache's keys and the page's inline hashes. libcrypto is loaded with dlopen when
// first used, not by the dynamic loader at start: linked, it cost every command about 1 ms of
// CPU (its relocations, set-up and 130 page faults, on a 2 ms start), and only a command that
// sends requests or writes the page hashes anything. Such a command has usually loaded it
// already with libcurl, which links it, and then opening it again reads no file.

#include <stddef.h>

/// A SHA-256 digest under way (libcrypto's EVP_MD_CTX).
typedef struct vf_sha256 vf_sha256;

/// A SHA-256 digest begun, loading libcrypto (libcrypto.so.3) on the first call, once per
/// process (a few file reads); NULL when libcrypto cannot be loaded or cannot begin one (out
/// of memory).
vf_sha256 *vf_sha256_new(void);

/// Adds `count` bytes to a digest from `vf_sha256_new`; 1 on success.
int vf_sha256_update(vf_sha256 *digest, const void *bytes, size_t count);

/// Finishes a digest from `vf_sha256_new` into `output` (at least 64 bytes), its length in
/// `length`; 1 on success.
int vf_sha256_finish(vf_sha256 *digest, unsigned char *output, unsigned int *length);

/// Frees a digest from `vf_sha256_new` (NULL is allowed).
void vf_sha256_free(vf_sha256 *digest);

#endif
