#ifndef DB_CCURL_SHIM_H
#define DB_CCURL_SHIM_H

// The gcc type-check macros wrap curl_easy_setopt; the typed wrappers below
// already fix each argument type, so skip them.
#define CURL_DISABLE_TYPECHECK 1
#include <curl/curl.h>

// curl_easy_setopt / curl_easy_getinfo are variadic and cannot be called from
// Swift, so each argument type gets its own typed wrapper.

typedef size_t (*db_curl_data_callback)(char *ptr, size_t size, size_t nmemb, void *userdata);

static inline CURLcode db_curl_global_init_default(void) {
    return curl_global_init(CURL_GLOBAL_DEFAULT);
}

static inline CURLcode db_curl_easy_setopt_long(CURL *h, CURLoption o, long v) {
    return curl_easy_setopt(h, o, v);
}

static inline CURLcode db_curl_easy_setopt_off_t(CURL *h, CURLoption o, curl_off_t v) {
    return curl_easy_setopt(h, o, v);
}

static inline CURLcode db_curl_easy_setopt_string(CURL *h, CURLoption o, const char *v) {
    return curl_easy_setopt(h, o, v);
}

static inline CURLcode db_curl_easy_setopt_pointer(CURL *h, CURLoption o, void *v) {
    return curl_easy_setopt(h, o, v);
}

static inline CURLcode db_curl_easy_setopt_slist(CURL *h, CURLoption o, struct curl_slist *v) {
    return curl_easy_setopt(h, o, v);
}

// Used for CURLOPT_WRITEFUNCTION and CURLOPT_HEADERFUNCTION (same shape).
static inline CURLcode db_curl_easy_setopt_write_callback(CURL *h, CURLoption o, db_curl_data_callback cb) {
    return curl_easy_setopt(h, o, cb);
}

static inline CURLcode db_curl_easy_getinfo_long(CURL *h, CURLINFO i, long *out) {
    return curl_easy_getinfo(h, i, out);
}

static inline CURLcode db_curl_easy_getinfo_string(CURL *h, CURLINFO i, char **out) {
    return curl_easy_getinfo(h, i, out);
}

static inline CURLMcode db_curl_multi_setopt_long(CURLM *m, CURLMoption o, long v) {
    return curl_multi_setopt(m, o, v);
}

// CURLMsg.data is a union; reading it in C avoids relying on how Swift imports it.
static inline CURLcode db_curl_msg_result(const CURLMsg *msg) {
    return msg->data.result;
}

static inline int db_curl_msg_is_done(const CURLMsg *msg) {
    return msg->msg == CURLMSG_DONE;
}

#endif
