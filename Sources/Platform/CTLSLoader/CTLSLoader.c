#include "CTLSLoader.h"

#include <dlfcn.h>
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// OpenSSL's types stay opaque: only pointers to them cross this file.
typedef struct db_ssl_method db_ssl_method;
typedef struct db_ssl_ctx db_ssl_ctx;
typedef struct db_ssl db_ssl;
typedef struct db_verify_param db_verify_param;

// Values from OpenSSL 3's documented public API (ssl.h, tls1.h, x509_vfy.h); stable across 3.x.
enum {
    SSL_VERIFY_PEER_ = 0x01,
    SSL_ERROR_SSL_ = 1,
    SSL_ERROR_WANT_READ_ = 2,
    SSL_ERROR_WANT_WRITE_ = 3,
    SSL_ERROR_SYSCALL_ = 5,
    SSL_ERROR_ZERO_RETURN_ = 6,
    SSL_CTRL_SET_TLSEXT_HOSTNAME_ = 55,
    SSL_CTRL_SET_MIN_PROTO_VERSION_ = 123,
    TLSEXT_NAMETYPE_HOST_NAME_ = 0,
    TLS1_2_VERSION_ = 0x0303,
    X509_V_OK_ = 0,
};
// Servers often close without close_notify; framed bodies are checked for truncation above.
static const uint64_t SSL_OP_IGNORE_UNEXPECTED_EOF_ = (uint64_t)1 << 7;

struct db_tls_library {
    const db_ssl_method *(*TLS_client_method)(void);
    db_ssl_ctx *(*SSL_CTX_new)(const db_ssl_method *);
    void (*SSL_CTX_free)(db_ssl_ctx *);
    int (*SSL_CTX_set_default_verify_paths)(db_ssl_ctx *);
    int (*SSL_CTX_load_verify_locations)(db_ssl_ctx *, const char *, const char *);
    void (*SSL_CTX_set_verify)(db_ssl_ctx *, int, void *);
    long (*SSL_CTX_ctrl)(db_ssl_ctx *, int, long, void *);
    uint64_t (*SSL_CTX_set_options)(db_ssl_ctx *, uint64_t);
    db_ssl *(*SSL_new)(db_ssl_ctx *);
    void (*SSL_free)(db_ssl *);
    int (*SSL_set_fd)(db_ssl *, int);
    long (*SSL_ctrl)(db_ssl *, int, long, void *);
    int (*SSL_set1_host)(db_ssl *, const char *);
    db_verify_param *(*SSL_get0_param)(db_ssl *);
    int (*SSL_connect)(db_ssl *);
    int (*SSL_read)(db_ssl *, void *, int);
    int (*SSL_write)(db_ssl *, const void *, int);
    int (*SSL_get_error)(const db_ssl *, int);
    long (*SSL_get_verify_result)(const db_ssl *);
    // libcrypto's, found through libssl's own dependency.
    int (*X509_VERIFY_PARAM_set1_ip_asc)(db_verify_param *, const char *);
    const char *(*X509_verify_cert_error_string)(long);
    unsigned long (*ERR_get_error)(void);
    const char *(*ERR_reason_error_string)(unsigned long);
    void (*ERR_error_string_n)(unsigned long, char *, size_t);
    void (*ERR_clear_error)(void);
};

struct db_tls_session {
    const db_tls_library *library;
    db_ssl *ssl;
    int io_errno;
    char error[256];
};

#define RESOLVE(name)                                                                       \
    do {                                                                                    \
        *(void **)(&library->name) = dlsym(handle, #name);                                  \
        if (library->name == NULL) {                                                        \
            snprintf(error, error_size, "%s has no %s: not OpenSSL 3?", soname, #name);     \
            goto fail;                                                                      \
        }                                                                                   \
    } while (0)

const db_tls_library *db_tls_open(const char *soname, char *error, size_t error_size) {
    void *handle = dlopen(soname, RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) {
        const char *reason = dlerror();
        snprintf(error, error_size, "cannot load %s (Debian package libssl3): %s", soname,
                 reason ? reason : "not found");
        return NULL;
    }
    db_tls_library *library = calloc(1, sizeof *library);
    if (library == NULL) {
        snprintf(error, error_size, "out of memory");
        dlclose(handle);
        return NULL;
    }
    RESOLVE(TLS_client_method);
    RESOLVE(SSL_CTX_new);
    RESOLVE(SSL_CTX_free);
    RESOLVE(SSL_CTX_set_default_verify_paths);
    RESOLVE(SSL_CTX_load_verify_locations);
    RESOLVE(SSL_CTX_set_verify);
    RESOLVE(SSL_CTX_ctrl);
    RESOLVE(SSL_CTX_set_options);
    RESOLVE(SSL_new);
    RESOLVE(SSL_free);
    RESOLVE(SSL_set_fd);
    RESOLVE(SSL_ctrl);
    RESOLVE(SSL_set1_host);
    RESOLVE(SSL_get0_param);
    RESOLVE(SSL_connect);
    RESOLVE(SSL_read);
    RESOLVE(SSL_write);
    RESOLVE(SSL_get_error);
    RESOLVE(SSL_get_verify_result);
    RESOLVE(X509_VERIFY_PARAM_set1_ip_asc);
    RESOLVE(X509_verify_cert_error_string);
    RESOLVE(ERR_get_error);
    RESOLVE(ERR_reason_error_string);
    RESOLVE(ERR_error_string_n);
    RESOLVE(ERR_clear_error);
    // The handle stays open: the table points into it for the life of the process.
    return library;
fail:
    free(library);
    dlclose(handle);
    return NULL;
}

/// The oldest queued OpenSSL error as text, or `fallback` when the queue is empty.
static void describe_error_queue(const db_tls_library *library, char *out, size_t size, const char *fallback) {
    unsigned long code = library->ERR_get_error();
    if (code == 0) {
        snprintf(out, size, "%s", fallback);
    } else {
        const char *reason = library->ERR_reason_error_string(code);
        if (reason != NULL) {
            snprintf(out, size, "%s", reason);
        } else {
            library->ERR_error_string_n(code, out, size);
        }
    }
    library->ERR_clear_error();
}

void *db_tls_context_new(const db_tls_library *library, const char *ca_file, char *error, size_t error_size) {
    library->ERR_clear_error();
    db_ssl_ctx *context = library->SSL_CTX_new(library->TLS_client_method());
    if (context == NULL) {
        describe_error_queue(library, error, error_size, "cannot create a TLS context");
        return NULL;
    }
    int loaded = ca_file == NULL ? library->SSL_CTX_set_default_verify_paths(context)
                                 : library->SSL_CTX_load_verify_locations(context, ca_file, NULL);
    if (loaded != 1) {
        char reason[160];
        describe_error_queue(library, reason, sizeof reason, "unknown reason");
        snprintf(error, error_size, "cannot load trusted certificates%s%s: %s",
                 ca_file ? " from " : "", ca_file ? ca_file : "", reason);
        library->SSL_CTX_free(context);
        return NULL;
    }
    if (library->SSL_CTX_ctrl(context, SSL_CTRL_SET_MIN_PROTO_VERSION_, TLS1_2_VERSION_, NULL) != 1) {
        describe_error_queue(library, error, error_size, "cannot require TLS 1.2");
        library->SSL_CTX_free(context);
        return NULL;
    }
    library->SSL_CTX_set_options(context, SSL_OP_IGNORE_UNEXPECTED_EOF_);
    // No callback: a certificate that does not verify ends the handshake.
    library->SSL_CTX_set_verify(context, SSL_VERIFY_PEER_, NULL);
    return context;
}

void db_tls_context_release(const db_tls_library *library, void *context) {
    library->SSL_CTX_free((db_ssl_ctx *)context);
}

db_tls_session *db_tls_session_new(const db_tls_library *library, void *context, int fd,
                                   const char *host, int host_is_ip, char *error, size_t error_size) {
    library->ERR_clear_error();
    db_tls_session *session = calloc(1, sizeof *session);
    if (session == NULL) {
        snprintf(error, error_size, "out of memory");
        return NULL;
    }
    session->library = library;
    session->ssl = library->SSL_new((db_ssl_ctx *)context);
    if (session->ssl == NULL) {
        describe_error_queue(library, error, error_size, "cannot create a TLS session");
        free(session);
        return NULL;
    }
    int ok = library->SSL_set_fd(session->ssl, fd) == 1;
    if (ok && host_is_ip) {
        ok = library->X509_VERIFY_PARAM_set1_ip_asc(library->SSL_get0_param(session->ssl), host) == 1;
    } else if (ok) {
        // SNI, then the name the certificate must carry.
        ok = library->SSL_ctrl(session->ssl, SSL_CTRL_SET_TLSEXT_HOSTNAME_, TLSEXT_NAMETYPE_HOST_NAME_, (void *)host) == 1
            && library->SSL_set1_host(session->ssl, host) == 1;
    }
    if (!ok) {
        describe_error_queue(library, error, error_size, "cannot set up the TLS session");
        db_tls_session_free(session);
        return NULL;
    }
    return session;
}

/// Maps an SSL_* return value to a DB_TLS_* code, recording the failure's text.
static long outcome(db_tls_session *session, int result, int saved_errno, const char *closed_text) {
    const db_tls_library *library = session->library;
    switch (library->SSL_get_error(session->ssl, result)) {
    case SSL_ERROR_WANT_READ_:
        return DB_TLS_WANT_READ;
    case SSL_ERROR_WANT_WRITE_:
        return DB_TLS_WANT_WRITE;
    case SSL_ERROR_ZERO_RETURN_:
        if (closed_text == NULL) return DB_TLS_CLOSED;
        snprintf(session->error, sizeof session->error, "%s", closed_text);
        return DB_TLS_FAILED;
    case SSL_ERROR_SYSCALL_:
        if (saved_errno != 0) {
            session->io_errno = saved_errno;
            snprintf(session->error, sizeof session->error, "%s", strerror(saved_errno));
            library->ERR_clear_error();
            return DB_TLS_FAILED;
        }
        if (closed_text == NULL) return DB_TLS_CLOSED;
        snprintf(session->error, sizeof session->error, "%s", closed_text);
        library->ERR_clear_error();
        return DB_TLS_FAILED;
    default: {
        long verified = library->SSL_get_verify_result(session->ssl);
        if (verified != X509_V_OK_) {
            snprintf(session->error, sizeof session->error, "certificate verify failed (%s)",
                     library->X509_verify_cert_error_string(verified));
            library->ERR_clear_error();
        } else {
            describe_error_queue(library, session->error, sizeof session->error, "TLS failure");
        }
        return DB_TLS_FAILED;
    }
    }
}

int db_tls_handshake(db_tls_session *session) {
    session->library->ERR_clear_error();
    errno = 0;
    int result = session->library->SSL_connect(session->ssl);
    int saved_errno = errno;
    if (result == 1) return DB_TLS_DONE;
    return (int)outcome(session, result, saved_errno, "connection closed during the TLS handshake");
}

long db_tls_read(db_tls_session *session, void *buffer, size_t size) {
    session->library->ERR_clear_error();
    errno = 0;
    int result = session->library->SSL_read(session->ssl, buffer, size > INT_MAX ? INT_MAX : (int)size);
    int saved_errno = errno;
    if (result > 0) return result;
    return outcome(session, result, saved_errno, NULL);
}

long db_tls_write(db_tls_session *session, const void *bytes, size_t size) {
    session->library->ERR_clear_error();
    errno = 0;
    int result = session->library->SSL_write(session->ssl, bytes, size > INT_MAX ? INT_MAX : (int)size);
    int saved_errno = errno;
    if (result > 0) return result;
    return outcome(session, result, saved_errno, "connection closed by the server");
}

const char *db_tls_session_error(const db_tls_session *session) { return session->error; }

int db_tls_session_errno(const db_tls_session *session) { return session->io_errno; }

void db_tls_session_free(db_tls_session *session) {
    if (session == NULL) return;
    if (session->ssl != NULL) session->library->SSL_free(session->ssl);
    free(session);
}
