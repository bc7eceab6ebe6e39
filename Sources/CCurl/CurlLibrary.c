// libcurl through dlopen: see CCurl.h.
#define CURL_DISABLE_TYPECHECK 1
#include "CCurl.h"

#include <CLibraryLoader.h>
#include <stdio.h>

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

static const vf_library_symbol symbols[] = {
    {"curl_global_init", (void **)&curl.global_init},
    {"curl_easy_init", (void **)&curl.easy_init},
    {"curl_easy_cleanup", (void **)&curl.easy_cleanup},
    {"curl_easy_reset", (void **)&curl.easy_reset},
    {"curl_easy_strerror", (void **)&curl.easy_strerror},
    {"curl_easy_setopt", (void **)&curl.easy_setopt},
    {"curl_easy_getinfo", (void **)&curl.easy_getinfo},
    {"curl_slist_append", (void **)&curl.slist_append},
    {"curl_slist_free_all", (void **)&curl.slist_free_all},
    {"curl_version", (void **)&curl.version},
    {"curl_version_info", (void **)&curl.version_info},
    {"curl_multi_init", (void **)&curl.multi_init},
    {"curl_multi_cleanup", (void **)&curl.multi_cleanup},
    {"curl_multi_setopt", (void **)&curl.multi_setopt},
    {"curl_multi_add_handle", (void **)&curl.multi_add_handle},
    {"curl_multi_remove_handle", (void **)&curl.multi_remove_handle},
    {"curl_multi_perform", (void **)&curl.multi_perform},
    {"curl_multi_info_read", (void **)&curl.multi_info_read},
    {"curl_multi_poll", (void **)&curl.multi_poll},
    {"curl_multi_wakeup", (void **)&curl.multi_wakeup},
};

/// Refuses a libcurl older than the header's features need, then runs its global set-up.
static int set_up(vf_library *library) {
    // 7.85 brought CURLOPT_PROTOCOLS_STR, which keeps transfers to http and https.
    curl_version_info_data *info = curl.version_info(CURLVERSION_NOW);
    if (info == NULL || info->version_num < 0x075500) {
        snprintf(library->error, sizeof library->error, "%s is libcurl %s, older than 7.85", library->file,
                 info != NULL && info->version != NULL ? info->version : "of an unknown version");
        return 0;
    }
    // The global set-up (OpenSSL's too) here, once, before anyone can make a handle: libcurl
    // before 7.84 does not allow it beside other calls.
    if (curl.global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK) {
        snprintf(library->error, sizeof library->error, "%s could not set itself up (curl_global_init failed)",
                 library->file);
        return 0;
    }
    return 1;
}

/// The library Debian's libcurl4 (OpenSSL) installs, with the ABI `curl/curl.h` describes.
static vf_library library = VF_LIBRARY("libcurl.so.4", symbols, set_up);

#define LOADED() vf_library_is_loaded(&library)

int vf_curl_load(void) { return vf_library_load(&library); }

int vf_curl_is_loaded(void) { return LOADED(); }

const char *vf_curl_load_error(void) { return vf_library_error(&library); }

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
