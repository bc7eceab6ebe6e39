#ifndef VIEWFINDER_CCURL_SHIM_H
#define VIEWFINDER_CCURL_SHIM_H

#include <curl/curl.h>

// libcurl's setopt and getinfo are variadic, which Swift cannot call.
// These typed wrappers give Swift one entry point per argument type.

static inline CURLcode vf_easy_setopt_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode vf_easy_setopt_off_t(CURL *handle, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode vf_easy_setopt_string(CURL *handle, CURLoption option, const char *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode vf_easy_setopt_pointer(CURL *handle, CURLoption option, void *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode vf_easy_setopt_slist(CURL *handle, CURLoption option, struct curl_slist *value) {
    return curl_easy_setopt(handle, option, value);
}

typedef size_t (*vf_write_callback)(char *data, size_t size, size_t count, void *context);

static inline CURLcode vf_easy_setopt_write_callback(CURL *handle, vf_write_callback callback) {
    return curl_easy_setopt(handle, CURLOPT_WRITEFUNCTION, callback);
}

static inline CURLcode vf_easy_setopt_header_callback(CURL *handle, vf_write_callback callback) {
    return curl_easy_setopt(handle, CURLOPT_HEADERFUNCTION, callback);
}

static inline CURLcode vf_easy_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode vf_easy_getinfo_off_t(CURL *handle, CURLINFO info, curl_off_t *value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode vf_easy_getinfo_pointer(CURL *handle, CURLINFO info, char **value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLMcode vf_multi_setopt_long(CURLM *handle, CURLMoption option, long value) {
    return curl_multi_setopt(handle, option, value);
}

/// The result code of a finished transfer (CURLMsg keeps it in a union).
static inline CURLcode vf_message_result(CURLMsg *message) {
    return message->data.result;
}

// Whether libcurl's global set-up may run on one thread while another makes a handle (libcurl
// built with atomics, 7.84 and later).
static inline int vf_curl_is_threadsafe(void) {
    curl_version_info_data *info = curl_version_info(CURLVERSION_NOW);
    return info != NULL && (info->features & CURL_VERSION_THREADSAFE) != 0;
}

#endif
