#include "CXMLLoader.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// libxml2's headers give the table its types and the constants their values; nothing is
// linked: every function is reached through dlsym, and __typeof__ does not evaluate (or
// reference) its operand.
#include <libxml/parser.h>
#include <libxml/xmlerror.h>
#include <libxml/xmlreader.h>
#include <libxml/xmlversion.h>

#include "CLoaderSupport.h"

#define DB_XML_FUNCTIONS(F)                                                                 \
    F(xmlInitParser) F(xmlSetStructuredErrorFunc) F(xmlReaderForMemory) F(xmlFreeTextReader) \
    F(xmlTextReaderSetStructuredErrorHandler) F(xmlTextReaderRead) F(xmlTextReaderDepth)      \
    F(xmlTextReaderNodeType) F(xmlTextReaderConstLocalName) F(xmlTextReaderIsEmptyElement)    \
    F(xmlTextReaderConstValue) F(xmlTextReaderConstXmlLang)

struct db_xml_library {
    DB_XML_FUNCTIONS(DB_LOADER_ENTRY)
};

struct db_xml_reader {
    const db_xml_library *library;
    xmlTextReaderPtr reader;
    char error[256];
};

// libxml2 2.12 made the error a const pointer; older ones (Debian 12's 2.9) pass a mutable one.
#if LIBXML_VERSION >= 21200
typedef const xmlError *db_xml_error_ptr;
#else
typedef xmlError *db_xml_error_ptr;
#endif

/// What libxml2 reports outside a reader (nothing is expected) is dropped, never printed.
static void ignore_error(void *context, db_xml_error_ptr error) {
    (void)context;
    (void)error;
}

/// The first report on a document is kept, with its line.
static void keep_first_error(void *context, db_xml_error_ptr error) {
    struct db_xml_reader *reader = context;
    if (reader == NULL || error == NULL || reader->error[0] != 0) return;
    char message[200];
    snprintf(message, sizeof message, "%s", error->message ? error->message : "unknown error");
    size_t length = strlen(message);
    while (length > 0 && (message[length - 1] == '\n' || message[length - 1] == ' ')) message[--length] = 0;
    snprintf(reader->error, sizeof reader->error, "line %d: %s", error->line, message);
}

#define DB_XML_RESOLVE(name) DB_LOADER_RESOLVE(library, handle, soname, ": not libxml2 2.9 or newer?", name)

static db_xml_library *opened;
static pthread_once_t initialised = PTHREAD_ONCE_INIT;

/// libxml2's global set-up, once per process, whichever thread reads first.
static void initialise(void) {
    opened->xmlInitParser();
}

const db_xml_library *db_xml_open(const char *soname, char *error, size_t error_size) {
    void *handle = db_loader_open(soname);
    if (handle == NULL) {
        const char *reason = dlerror();
        snprintf(error, error_size, "cannot load %s (Debian package libxml2): %s", soname, reason ? reason : "not found");
        return NULL;
    }
    db_xml_library *library = calloc(1, sizeof *library);
    if (library == NULL) {
        snprintf(error, error_size, "out of memory");
        dlclose(handle);
        return NULL;
    }
    DB_XML_FUNCTIONS(DB_XML_RESOLVE)
    // The handle stays open: the table points into it for the life of the process. The
    // caller opens once (a Swift global), so `opened` is set before any reader exists.
    opened = library;
    pthread_once(&initialised, initialise);
    return library;
fail:
    free(library);
    dlclose(handle);
    return NULL;
}

db_xml_reader *db_xml_reader_new(const db_xml_library *library, const char *bytes, int size) {
    db_xml_reader *reader = calloc(1, sizeof *reader);
    if (reader == NULL) return NULL;
    reader->library = library;
    // The handler outside a reader is the thread's own in libxml2: set on the reading thread.
    library->xmlSetStructuredErrorFunc(NULL, ignore_error);
    // XML_PARSE_NONET only: never NOENT (entities substituted), DTDLOAD or DTDATTR (a DTD read)
    // or HUGE (libxml2's own limits lifted).
    reader->reader = library->xmlReaderForMemory(bytes, size, NULL, NULL, XML_PARSE_NONET);
    if (reader->reader == NULL) {
        free(reader);
        return NULL;
    }
    library->xmlTextReaderSetStructuredErrorHandler(reader->reader, keep_first_error, reader);
    return reader;
}

int db_xml_reader_read(db_xml_reader *reader) {
    return reader->library->xmlTextReaderRead(reader->reader);
}

int db_xml_reader_depth(db_xml_reader *reader) {
    return reader->library->xmlTextReaderDepth(reader->reader);
}

int db_xml_reader_node_type(db_xml_reader *reader) {
    switch (reader->library->xmlTextReaderNodeType(reader->reader)) {
    case XML_READER_TYPE_ELEMENT: return DB_XML_ELEMENT;
    case XML_READER_TYPE_END_ELEMENT: return DB_XML_END_ELEMENT;
    case XML_READER_TYPE_TEXT:
    case XML_READER_TYPE_CDATA:
    case XML_READER_TYPE_SIGNIFICANT_WHITESPACE: return DB_XML_TEXT;
    case XML_READER_TYPE_DOCUMENT_TYPE: return DB_XML_DOCUMENT_TYPE;
    case XML_READER_TYPE_ENTITY_REFERENCE:
    case XML_READER_TYPE_ENTITY: return DB_XML_ENTITY;
    default: return DB_XML_OTHER;
    }
}

const char *db_xml_reader_local_name(db_xml_reader *reader) {
    return (const char *)reader->library->xmlTextReaderConstLocalName(reader->reader);
}

int db_xml_reader_is_empty_element(db_xml_reader *reader) {
    return reader->library->xmlTextReaderIsEmptyElement(reader->reader) == 1;
}

const char *db_xml_reader_value(db_xml_reader *reader) {
    return (const char *)reader->library->xmlTextReaderConstValue(reader->reader);
}

const char *db_xml_reader_xml_lang(db_xml_reader *reader) {
    return (const char *)reader->library->xmlTextReaderConstXmlLang(reader->reader);
}

const char *db_xml_reader_error(const db_xml_reader *reader) {
    return reader->error[0] != 0 ? reader->error : NULL;
}

void db_xml_reader_free(db_xml_reader *reader) {
    if (reader == NULL) return;
    reader->library->xmlFreeTextReader(reader->reader);
    free(reader);
}
