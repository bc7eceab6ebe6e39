#ifndef VIEWFINDER_CCURL_H
#define VIEWFINDER_CCURL_H

// libcurl, loaded when first needed (dlopen) instead of by the dynamic loader at launch.
// libcurl brings some 25 libraries (OpenSSL, GnuTLS, Kerberos, LDAP, SSH, IDN…), about 7 ms
// of a start on a small VM: loaded by a thread of its own, that time runs beside the work
// of reading the command line, and a command that never uses the network never spends it.
//
// Only `vf_curl_load` loads. Every other function here calls libcurl when it is loaded and
// otherwise fails as libcurl itself would when out of memory (NULL, CURLE_FAILED_INIT,
// CURLM_INTERNAL_ERROR): a caller first waits for `vf_curl_load`.

#include <curl/curl.h>

/// Loads libcurl (libcurl.so.4, 7.85 or later), finds its functions and runs its global set-up,
/// once per process; blocks the calling thread until done (other callers meanwhile wait for the
/// same load). 1 when libcurl can be used, 0 when not (`vf_curl_load_error` says why).
int vf_curl_load(void);

/// Whether libcurl is loaded, without waiting: 1 loaded, 0 not yet (or it failed).
int vf_curl_is_loaded(void);

/// Why libcurl could not be loaded (the dynamic loader's words), or NULL.
const char *vf_curl_load_error(void);

// libcurl's own functions, by the same names with `vf_` in front.
CURL *vf_curl_easy_init(void);
void vf_curl_easy_cleanup(CURL *handle);
void vf_curl_easy_reset(CURL *handle);
const char *vf_curl_easy_strerror(CURLcode code);
struct curl_slist *vf_curl_slist_append(struct curl_slist *list, const char *text);
void vf_curl_slist_free_all(struct curl_slist *list);
char *vf_curl_version(void);
CURLM *vf_curl_multi_init(void);
CURLMcode vf_curl_multi_cleanup(CURLM *multi);
CURLMcode vf_curl_multi_add_handle(CURLM *multi, CURL *handle);
CURLMcode vf_curl_multi_remove_handle(CURLM *multi, CURL *handle);
CURLMcode vf_curl_multi_perform(CURLM *multi, int *running);
CURLMsg *vf_curl_multi_info_read(CURLM *multi, int *left);
CURLMcode vf_curl_multi_poll(CURLM *multi, struct curl_waitfd *extra, unsigned int count, int timeout_ms, int *ret);
CURLMcode vf_curl_multi_wakeup(CURLM *multi);

// libcurl's setopt and getinfo are variadic, which Swift cannot call.
// These typed wrappers give Swift one entry point per argument type.
CURLcode vf_easy_setopt_long(CURL *handle, CURLoption option, long value);
CURLcode vf_easy_setopt_off_t(CURL *handle, CURLoption option, curl_off_t value);
CURLcode vf_easy_setopt_string(CURL *handle, CURLoption option, const char *value);
CURLcode vf_easy_setopt_pointer(CURL *handle, CURLoption option, void *value);
CURLcode vf_easy_setopt_slist(CURL *handle, CURLoption option, struct curl_slist *value);

typedef size_t (*vf_write_callback)(char *data, size_t size, size_t count, void *context);

CURLcode vf_easy_setopt_write_callback(CURL *handle, vf_write_callback callback);
CURLcode vf_easy_setopt_header_callback(CURL *handle, vf_write_callback callback);
CURLcode vf_easy_getinfo_long(CURL *handle, CURLINFO info, long *value);
CURLcode vf_easy_getinfo_off_t(CURL *handle, CURLINFO info, curl_off_t *value);
CURLcode vf_easy_getinfo_pointer(CURL *handle, CURLINFO info, char **value);
CURLMcode vf_multi_setopt_long(CURLM *handle, CURLMoption option, long value);

/// The result code of a finished transfer (CURLMsg keeps it in a union).
static inline CURLcode vf_message_result(CURLMsg *message) {
    return message->data.result;
}

#endif
