// libcrypto's SHA-256 through dlopen: see CCrypto.h.
#include "CCrypto.h"

#include <CLibraryLoader.h>
#include <openssl/evp.h>

/// The functions of libcrypto used.
static struct {
    __typeof__(EVP_MD_CTX_new) *context_new;
    __typeof__(EVP_MD_CTX_free) *context_free;
    __typeof__(EVP_sha256) *sha256;
    __typeof__(EVP_DigestInit_ex) *init;
    __typeof__(EVP_DigestUpdate) *update;
    __typeof__(EVP_DigestFinal_ex) *final;
} crypto;

static const vf_library_symbol symbols[] = {
    {"EVP_MD_CTX_new", (void **)&crypto.context_new},
    {"EVP_MD_CTX_free", (void **)&crypto.context_free},
    {"EVP_sha256", (void **)&crypto.sha256},
    {"EVP_DigestInit_ex", (void **)&crypto.init},
    {"EVP_DigestUpdate", (void **)&crypto.update},
    {"EVP_DigestFinal_ex", (void **)&crypto.final},
};

/// libcrypto with OpenSSL 3's ABI.
static vf_library library = VF_LIBRARY("libcrypto.so.3", symbols, NULL);

vf_sha256 *vf_sha256_new(void) {
    if (!vf_library_load(&library)) return NULL;
    EVP_MD_CTX *context = crypto.context_new();
    if (context != NULL && crypto.init(context, crypto.sha256(), NULL) != 1) {
        crypto.context_free(context);
        return NULL;
    }
    return (vf_sha256 *)context;
}

int vf_sha256_update(vf_sha256 *digest, const void *bytes, size_t count) {
    return crypto.update((EVP_MD_CTX *)digest, bytes, count);
}

int vf_sha256_finish(vf_sha256 *digest, unsigned char *output, unsigned int *length) {
    return crypto.final((EVP_MD_CTX *)digest, output, length);
}

void vf_sha256_free(vf_sha256 *digest) {
    if (digest != NULL) crypto.context_free((EVP_MD_CTX *)digest);
}
