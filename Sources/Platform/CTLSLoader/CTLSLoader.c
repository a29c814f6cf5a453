#include "CTLSLoader.h"

#include <dlfcn.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// OpenSSL's headers give the table its types and the constants their values; nothing is
// linked: every function is reached through dlsym, and __typeof__ does not evaluate (or
// reference) its operand. OPENSSL_API_COMPAT hides what OpenSSL 3 deprecates.
#define OPENSSL_API_COMPAT 30000
#include <openssl/err.h>
#include <openssl/opensslv.h>
#include <openssl/ssl.h>
#include <openssl/x509_vfy.h>

// The table's types must be those of the library db_tls_open loads (TLSLibrary.soname).
#if !defined(OPENSSL_VERSION_MAJOR) || OPENSSL_VERSION_MAJOR != 3
#error "CTLSLoader opens libssl.so.3: build it against OpenSSL 3's headers (Debian: libssl-dev)"
#endif

#include "CLoaderSupport.h"

// Every function the loader calls; libcrypto's (X509_*, ERR_*) are found through libssl's
// own dependency on it.
#define DB_TLS_FUNCTIONS(F)                                                                 \
    F(TLS_client_method) F(SSL_CTX_new) F(SSL_CTX_free) F(SSL_CTX_set_default_verify_paths) \
    F(SSL_CTX_load_verify_locations) F(SSL_CTX_set_verify) F(SSL_CTX_ctrl)                  \
    F(SSL_CTX_set_options) F(SSL_new) F(SSL_free) F(SSL_set_fd) F(SSL_ctrl) F(SSL_set1_host) \
    F(SSL_get0_param) F(SSL_connect) F(SSL_read) F(SSL_write) F(SSL_get_error)               \
    F(SSL_get_verify_result) F(X509_VERIFY_PARAM_set1_ip_asc) F(X509_verify_cert_error_string) \
    F(ERR_get_error) F(ERR_reason_error_string) F(ERR_error_string_n) F(ERR_clear_error)

struct db_tls_library {
    DB_TLS_FUNCTIONS(DB_LOADER_ENTRY)
};

struct db_tls_session {
    const db_tls_library *library;
    SSL *ssl;
    int io_errno;
    char error[256];
};

#define DB_TLS_RESOLVE(name) DB_LOADER_RESOLVE(library, handle, soname, ": not OpenSSL 3?", name)

const db_tls_library *db_tls_open(const char *soname, char *error, size_t error_size) {
    void *handle = db_loader_open(soname);
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
    DB_TLS_FUNCTIONS(DB_TLS_RESOLVE)
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
    SSL_CTX *context = library->SSL_CTX_new(library->TLS_client_method());
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
    if (library->SSL_CTX_ctrl(context, SSL_CTRL_SET_MIN_PROTO_VERSION, TLS1_2_VERSION, NULL) != 1) {
        describe_error_queue(library, error, error_size, "cannot require TLS 1.2");
        library->SSL_CTX_free(context);
        return NULL;
    }
    // Servers often close without close_notify; framed bodies are checked for truncation above.
    library->SSL_CTX_set_options(context, SSL_OP_IGNORE_UNEXPECTED_EOF);
    // No callback: a certificate that does not verify ends the handshake.
    library->SSL_CTX_set_verify(context, SSL_VERIFY_PEER, NULL);
    return context;
}

void db_tls_context_release(const db_tls_library *library, void *context) {
    library->SSL_CTX_free((SSL_CTX *)context);
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
    session->ssl = library->SSL_new((SSL_CTX *)context);
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
        ok = library->SSL_ctrl(session->ssl, SSL_CTRL_SET_TLSEXT_HOSTNAME, TLSEXT_NAMETYPE_host_name, (void *)host) == 1
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
    case SSL_ERROR_WANT_READ:
        return DB_TLS_WANT_READ;
    case SSL_ERROR_WANT_WRITE:
        return DB_TLS_WANT_WRITE;
    case SSL_ERROR_ZERO_RETURN:
        if (closed_text == NULL) return DB_TLS_CLOSED;
        snprintf(session->error, sizeof session->error, "%s", closed_text);
        return DB_TLS_FAILED;
    case SSL_ERROR_SYSCALL:
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
        if (verified != X509_V_OK) {
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
