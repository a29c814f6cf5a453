#ifndef DB_CSQLITE_SHIM_H
#define DB_CSQLITE_SHIM_H

#include <sqlite3.h>

// SQLITE_TRANSIENT is a cast macro that Swift cannot import. Binding with it makes SQLite
// copy the bytes at once, so a Swift buffer only has to live for the call.
// A NULL pointer would bind SQL NULL, so an empty text or blob (whose Swift buffer may have
// no address) is bound as an empty value explicitly.

static inline int db_sqlite3_bind_text_copy(sqlite3_stmt *statement, int index, const char *bytes, int count) {
    if (bytes == 0 || count == 0) {
        return sqlite3_bind_text(statement, index, "", 0, SQLITE_STATIC);
    }
    return sqlite3_bind_text(statement, index, bytes, count, SQLITE_TRANSIENT);
}

static inline int db_sqlite3_bind_blob_copy(sqlite3_stmt *statement, int index, const void *bytes, int count) {
    if (bytes == 0 || count == 0) {
        return sqlite3_bind_zeroblob(statement, index, 0);
    }
    return sqlite3_bind_blob(statement, index, bytes, count, SQLITE_TRANSIENT);
}

#endif
