// libcurl through dlopen: see CCurl.h.
#define CURL_DISABLE_TYPECHECK 1
#include "CCurl.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>

/// The library Debian's libcurl4 (OpenSSL) installs, with the ABI `curl/curl.h` describes.
static const char *const library_name = "libcurl.so.4";

static struct {
    __typeof__(curl_global_init) *global_init;
    __typeof__(curl_easy_init) *easy_init;
    __typeof__(curl_easy_cleanup) *easy_cleanup;
    __typeof__(curl_easy_reset) *easy_reset;
    __typeof__(curl_easy_strerror) *easy_strerror;
    __typeof__(curl_easy_setopt) *easy_setopt;
    __typeof__(curl_easy_getinfo) *easy_getinfo;
    __typeof__(curl_slist_append) *slist_append;
    __typeof__(curl_slist_free_all) *slist_free_all;
    __typeof__(curl_version) *version;
    __typeof__(curl_version_info) *version_info;
    __typeof__(curl_multi_init) *multi_init;
    __typeof__(curl_multi_cleanup) *multi_cleanup;
    __typeof__(curl_multi_setopt) *multi_setopt;
    __typeof__(curl_multi_add_handle) *multi_add_handle;
    __typeof__(curl_multi_remove_handle) *multi_remove_handle;
    __typeof__(curl_multi_perform) *multi_perform;
    __typeof__(curl_multi_info_read) *multi_info_read;
    __typeof__(curl_multi_poll) *multi_poll;
    __typeof__(curl_multi_wakeup) *multi_wakeup;
} curl;

/// 0 not loaded (yet), 1 loaded, -1 failed; written once, by the load.
static atomic_int state;
static char load_error[512];
static pthread_once_t load_once = PTHREAD_ONCE_INIT;

static void *find(void *library, const char *name, int *missing) {
    void *symbol = dlsym(library, name);
    if (symbol == NULL && !*missing) {
        *missing = 1;
        snprintf(load_error, sizeof load_error, "%s has no %s", library_name, name);
    }
    return symbol;
}

static void load(void) {
    // Lazy binding, as the dynamic loader does for a linked library: binding every function of
    // libcurl and its two dozen libraries up front costs CPU for functions never called.
    void *library = dlopen(library_name, RTLD_LAZY | RTLD_LOCAL);
    if (library == NULL) {
        const char *reason = dlerror();
        snprintf(load_error, sizeof load_error, "%s", reason != NULL ? reason : library_name);
        atomic_store_explicit(&state, -1, memory_order_release);
        return;
    }
    int missing = 0;
    curl.global_init = find(library, "curl_global_init", &missing);
    curl.easy_init = find(library, "curl_easy_init", &missing);
    curl.easy_cleanup = find(library, "curl_easy_cleanup", &missing);
    curl.easy_reset = find(library, "curl_easy_reset", &missing);
    curl.easy_strerror = find(library, "curl_easy_strerror", &missing);
    curl.easy_setopt = find(library, "curl_easy_setopt", &missing);
    curl.easy_getinfo = find(library, "curl_easy_getinfo", &missing);
    curl.slist_append = find(library, "curl_slist_append", &missing);
    curl.slist_free_all = find(library, "curl_slist_free_all", &missing);
    curl.version = find(library, "curl_version", &missing);
    curl.version_info = find(library, "curl_version_info", &missing);
    curl.multi_init = find(library, "curl_multi_init", &missing);
    curl.multi_cleanup = find(library, "curl_multi_cleanup", &missing);
    curl.multi_setopt = find(library, "curl_multi_setopt", &missing);
    curl.multi_add_handle = find(library, "curl_multi_add_handle", &missing);
    curl.multi_remove_handle = find(library, "curl_multi_remove_handle", &missing);
    curl.multi_perform = find(library, "curl_multi_perform", &missing);
    curl.multi_info_read = find(library, "curl_multi_info_read", &missing);
    curl.multi_poll = find(library, "curl_multi_poll", &missing);
    curl.multi_wakeup = find(library, "curl_multi_wakeup", &missing);
    if (missing) {
        dlclose(library);
        atomic_store_explicit(&state, -1, memory_order_release);
        return;
    }
    // 7.85 brought CURLOPT_PROTOCOLS_STR, which keeps transfers to http and https.
    curl_version_info_data *info = curl.version_info(CURLVERSION_NOW);
    if (info == NULL || info->version_num < 0x075500) {
        snprintf(load_error, sizeof load_error, "%s is libcurl %s, older than 7.85", library_name,
                 info != NULL && info->version != NULL ? info->version : "of an unknown version");
        dlclose(library);
        atomic_store_explicit(&state, -1, memory_order_release);
        return;
    }
    // The global set-up (OpenSSL's too) here, once, before anyone can make a handle: libcurl
    // before 7.84 does not allow it beside other calls.
    if (curl.global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK) {
        snprintf(load_error, sizeof load_error, "%s could not set itself up (curl_global_init failed)", library_name);
        atomic_store_explicit(&state, -1, memory_order_release);
        return;
    }
    // The library stays loaded for the life of the process, as a linked one would.
    atomic_store_explicit(&state, 1, memory_order_release);
}

#define LOADED() (atomic_load_explicit(&state, memory_order_acquire) == 1)

int vf_curl_load(void) {
    pthread_once(&load_once, load);
    return LOADED();
}

int vf_curl_is_loaded(void) { return LOADED(); }

const char *vf_curl_load_error(void) {
    return atomic_load_explicit(&state, memory_order_acquire) == -1 ? load_error : NULL;
}

CURL *vf_curl_easy_init(void) { return LOADED() ? curl.easy_init() : NULL; }
void vf_curl_easy_cleanup(CURL *handle) {
    if (LOADED()) curl.easy_cleanup(handle);
}
void vf_curl_easy_reset(CURL *handle) {
    if (LOADED()) curl.easy_reset(handle);
}
const char *vf_curl_easy_strerror(CURLcode code) { return LOADED() ? curl.easy_strerror(code) : NULL; }
struct curl_slist *vf_curl_slist_append(struct curl_slist *list, const char *text) {
    return LOADED() ? curl.slist_append(list, text) : NULL;
}
void vf_curl_slist_free_all(struct curl_slist *list) {
    if (LOADED()) curl.slist_free_all(list);
}
char *vf_curl_version(void) { return LOADED() ? curl.version() : NULL; }
CURLM *vf_curl_multi_init(void) { return LOADED() ? curl.multi_init() : NULL; }
CURLMcode vf_curl_multi_cleanup(CURLM *multi) { return LOADED() ? curl.multi_cleanup(multi) : CURLM_INTERNAL_ERROR; }
CURLMcode vf_curl_multi_add_handle(CURLM *multi, CURL *handle) {
    return LOADED() ? curl.multi_add_handle(multi, handle) : CURLM_INTERNAL_ERROR;
}
CURLMcode vf_curl_multi_remove_handle(CURLM *multi, CURL *handle) {
    return LOADED() ? curl.multi_remove_handle(multi, handle) : CURLM_INTERNAL_ERROR;
}
CURLMcode vf_curl_multi_perform(CURLM *multi, int *running) {
    return LOADED() ? curl.multi_perform(multi, running) : CURLM_INTERNAL_ERROR;
}
CURLMsg *vf_curl_multi_info_read(CURLM *multi, int *left) { return LOADED() ? curl.multi_info_read(multi, left) : NULL; }
CURLMcode vf_curl_multi_poll(CURLM *multi, struct curl_waitfd *extra, unsigned int count, int timeout_ms, int *ret) {
    return LOADED() ? curl.multi_poll(multi, extra, count, timeout_ms, ret) : CURLM_INTERNAL_ERROR;
}
CURLMcode vf_curl_multi_wakeup(CURLM *multi) { return LOADED() ? curl.multi_wakeup(multi) : CURLM_INTERNAL_ERROR; }

CURLcode vf_easy_setopt_long(CURL *handle, CURLoption option, long value) {
    return LOADED() ? curl.easy_setopt(handle, option, value) : CURLE_FAILED_INIT;
}
CURLcode vf_easy_setopt_off_t(CURL *handle, CURLoption option, curl_off_t value) {
    return LOADED() ? curl.easy_setopt(handle, option, value) : CURLE_FAILED_INIT;
}
CURLcode vf_easy_setopt_string(CURL *handle, CURLoption option, const char *value) {
    return LOADED() ? curl.easy_setopt(handle, option, value) : CURLE_FAILED_INIT;
}
CURLcode vf_easy_setopt_pointer(CURL *handle, CURLoption option, void *value) {
    return LOADED() ? curl.easy_setopt(handle, option, value) : CURLE_FAILED_INIT;
}
CURLcode vf_easy_setopt_slist(CURL *handle, CURLoption option, struct curl_slist *value) {
    return LOADED() ? curl.easy_setopt(handle, option, value) : CURLE_FAILED_INIT;
}
CURLcode vf_easy_setopt_write_callback(CURL *handle, vf_write_callback callback) {
    return LOADED() ? curl.easy_setopt(handle, CURLOPT_WRITEFUNCTION, callback) : CURLE_FAILED_INIT;
}
CURLcode vf_easy_setopt_header_callback(CURL *handle, vf_write_callback callback) {
    return LOADED() ? curl.easy_setopt(handle, CURLOPT_HEADERFUNCTION, callback) : CURLE_FAILED_INIT;
}
CURLcode vf_easy_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    return LOADED() ? curl.easy_getinfo(handle, info, value) : CURLE_FAILED_INIT;
}
CURLcode vf_easy_getinfo_off_t(CURL *handle, CURLINFO info, curl_off_t *value) {
    return LOADED() ? curl.easy_getinfo(handle, info, value) : CURLE_FAILED_INIT;
}
CURLcode vf_easy_getinfo_pointer(CURL *handle, CURLINFO info, char **value) {
    return LOADED() ? curl.easy_getinfo(handle, info, value) : CURLE_FAILED_INIT;
}
CURLMcode vf_multi_setopt_long(CURLM *handle, CURLMoption option, long value) {
    return LOADED() ? curl.multi_setopt(handle, option, value) : CURLM_INTERNAL_ERROR;
}
