// libcrypto's SHA-256 through dlopen: see CCrypto.h.
#include "CCrypto.h"

#include <dlfcn.h>
#include <openssl/evp.h>
#include <pthread.h>

/// The functions of libcrypto used, and whether they were all found.
static struct {
    __typeof__(EVP_MD_CTX_new) *context_new;
    __typeof__(EVP_MD_CTX_free) *context_free;
    __typeof__(EVP_sha256) *sha256;
    __typeof__(EVP_DigestInit_ex) *init;
    __typeof__(EVP_DigestUpdate) *update;
    __typeof__(EVP_DigestFinal_ex) *final;
    int loaded;
} crypto;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;

/// Loads libcrypto (OpenSSL 3's ABI) and finds its functions; it stays loaded for the life of
/// the process, as a linked library would.
static void load(void) {
    void *library = dlopen("libcrypto.so.3", RTLD_LAZY | RTLD_LOCAL);
    if (library == NULL) return;
    crypto.context_new = (__typeof__(crypto.context_new))dlsym(library, "EVP_MD_CTX_new");
    crypto.context_free = (__typeof__(crypto.context_free))dlsym(library, "EVP_MD_CTX_free");
    crypto.sha256 = (__typeof__(crypto.sha256))dlsym(library, "EVP_sha256");
    crypto.init = (__typeof__(crypto.init))dlsym(library, "EVP_DigestInit_ex");
    crypto.update = (__typeof__(crypto.update))dlsym(library, "EVP_DigestUpdate");
    crypto.final = (__typeof__(crypto.final))dlsym(library, "EVP_DigestFinal_ex");
    crypto.loaded = crypto.context_new != NULL && crypto.context_free != NULL && crypto.sha256 != NULL &&
                    crypto.init != NULL && crypto.update != NULL && crypto.final != NULL;
}

vf_sha256 *vf_sha256_new(void) {
    pthread_once(&load_once, load);
    if (!crypto.loaded) return NULL;
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
