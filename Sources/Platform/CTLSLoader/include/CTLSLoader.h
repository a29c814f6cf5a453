#ifndef DB_CTLSLOADER_H
#define DB_CTLSLOADER_H

#include <stddef.h>

// TLS client sessions over the system's OpenSSL 3, loaded with dlopen on first use so that
// processes which never make an https request never map libssl and libcrypto. This header
// does not include OpenSSL's, so Swift never sees them; the .c file types its table of
// OpenSSL functions from them (libssl-dev at build time) and links none.

/// The loaded library: a table of function pointers, kept for the life of the process.
typedef struct db_tls_library db_tls_library;
/// One connection's TLS state and its last failure.
typedef struct db_tls_session db_tls_session;

/// Results of db_tls_handshake, db_tls_read and db_tls_write (read and write return a byte
/// count > 0 on success).
enum {
    DB_TLS_DONE = 1,
    DB_TLS_CLOSED = 0,
    DB_TLS_FAILED = -1,
    DB_TLS_WANT_READ = -2,
    DB_TLS_WANT_WRITE = -3,
};

/// dlopen()s `soname` and resolves every function; NULL with a message in `error` when the
/// library or one of its functions is missing.
const db_tls_library *db_tls_open(const char *soname, char *error, size_t error_size);

/// A client context: TLS 1.2 or newer, peer verification required. `ca_file` NULL means the
/// default verify paths (which honour SSL_CERT_FILE and SSL_CERT_DIR); otherwise only that
/// PEM file is trusted. NULL with a message in `error` on failure. Safe to share between threads.
void *db_tls_context_new(const db_tls_library *library, const char *ca_file, char *error, size_t error_size);

/// Drops the caller's reference; sessions made from the context keep it alive until they are freed.
void db_tls_context_release(const db_tls_library *library, void *context);

/// A session on the connected socket `fd` for `host`, which the certificate must name
/// (`host_is_ip` non-zero: an IP address, checked as one and not sent as SNI).
db_tls_session *db_tls_session_new(const db_tls_library *library, void *context, int fd,
                                   const char *host, int host_is_ip, char *error, size_t error_size);

int db_tls_handshake(db_tls_session *session);
/// Bytes read (> 0), DB_TLS_CLOSED at the end of the stream, or a DB_TLS_WANT_* / DB_TLS_FAILED code.
long db_tls_read(db_tls_session *session, void *buffer, size_t size);
long db_tls_write(db_tls_session *session, const void *bytes, size_t size);

/// After DB_TLS_FAILED: the reason in words ("certificate verify failed (…)").
const char *db_tls_session_error(const db_tls_session *session);
/// After DB_TLS_FAILED: the socket's errno when the failure was the connection's, else 0.
int db_tls_session_errno(const db_tls_session *session);

void db_tls_session_free(db_tls_session *session);

#endif
