#ifndef DB_CXMLLOADER_H
#define DB_CXMLLOADER_H

#include <stddef.h>

// libxml2's streaming reader, loaded with dlopen on the first XML answer, so that boards
// which never read XML (every kind but SIRI) never map libxml2 nor what it brings (ICU,
// liblzma, the C++ library). This header does not include libxml2's, so Swift never sees
// them; the .c file types its table of libxml2 functions from them (libxml2-dev at build
// time) and links none.

/// The loaded library: a table of function pointers, kept for the life of the process.
typedef struct db_xml_library db_xml_library;
/// One document being read, and the first error libxml2 reported on it.
typedef struct db_xml_reader db_xml_reader;

/// Node types, as the reader reports them (libxml2's values mapped onto these).
enum {
    DB_XML_OTHER = 0,
    DB_XML_ELEMENT = 1,
    DB_XML_TEXT = 2,
    DB_XML_END_ELEMENT = 3,
    DB_XML_DOCUMENT_TYPE = 4,
    DB_XML_ENTITY = 5,
};

/// dlopen()s `soname`, resolves every function and initialises libxml2 once; NULL with a
/// message in `error` when the library or one of its functions is missing.
const db_xml_library *db_xml_open(const char *soname, char *error, size_t error_size);

/// A reader over `size` bytes of `bytes` (kept by the caller until db_xml_reader_free): no
/// network access, no DTD loaded, no entity substituted. NULL when libxml2 cannot start.
db_xml_reader *db_xml_reader_new(const db_xml_library *library, const char *bytes, int size);

/// 1: a node was read; 0: the end; -1: an error (db_xml_reader_error says which).
int db_xml_reader_read(db_xml_reader *reader);
int db_xml_reader_depth(db_xml_reader *reader);
/// One of the DB_XML_* node types.
int db_xml_reader_node_type(db_xml_reader *reader);
/// The element's name without its prefix; NULL when libxml2 has none to give.
const char *db_xml_reader_local_name(db_xml_reader *reader);
/// Non-zero for `<a/>`.
int db_xml_reader_is_empty_element(db_xml_reader *reader);
/// A text node's characters; NULL for other nodes.
const char *db_xml_reader_value(db_xml_reader *reader);
/// The node's `xml:lang`, its own or the nearest ancestor's; NULL when none is in scope.
const char *db_xml_reader_xml_lang(db_xml_reader *reader);
/// The first message libxml2 reported on this document (`line 3: …`), or NULL.
const char *db_xml_reader_error(const db_xml_reader *reader);

void db_xml_reader_free(db_xml_reader *reader);

#endif
