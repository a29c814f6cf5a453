#ifndef DB_CLOADERSUPPORT_H
#define DB_CLOADERSUPPORT_H

// The on-demand loaders' one pattern (CTLSLoader, CXMLLoader, CShapingLoader, CFreeTypeLoader,
// CSoundLoader, CSpeechLoader): a table of function pointers typed by the library's own header, filled by
// dlsym from a handle dlopen gave, so nothing is linked and a process that never needs the
// library never maps it. Included by the loaders' .c files after the library's headers, never
// by a header Swift imports.

#include <dlfcn.h>
#include <stdio.h>

// A call that does not fit the library's prototype (a pointer of another type, a pointer for
// a number) is an error, not a warning that scrolls past: the rest of the including file.
#pragma GCC diagnostic error "-Wincompatible-pointer-types"
#pragma GCC diagnostic error "-Wint-conversion"

/// dlopen as every loader calls it: every symbol bound at once (a missing one fails the open,
/// not a later call), and the library's symbols kept its own, not offered to libraries loaded
/// after it.
static inline void *db_loader_open(const char *soname) {
    return dlopen(soname, RTLD_NOW | RTLD_LOCAL);
}

/// One table entry: a pointer to the header's own declaration of the function it is named
/// after. __typeof__ does not evaluate (or reference) its operand, so nothing is linked.
#define DB_LOADER_ENTRY(name) __typeof__(&name) name;

/// The loader's failure: the message into the enclosing function's `error` (`error_size`
/// bytes), then its `fail:` label, which frees the table and closes the handles.
#define DB_LOADER_FAIL(...)                                                                  \
    do {                                                                                     \
        snprintf(error, error_size, __VA_ARGS__);                                            \
        goto fail;                                                                           \
    } while (0)

/// `table->name` from `handle`, or the failure "<soname> has no <name><hint>" (`hint`: a
/// string literal, "" for none). `*(void **)&` is POSIX's way to store dlsym's answer in a
/// function pointer (C has no cast between the two).
#define DB_LOADER_RESOLVE(table, handle, soname, hint, name)                                 \
    *(void **)(&(table)->name) = dlsym((handle), #name);                                     \
    if ((table)->name == NULL) DB_LOADER_FAIL("%s has no %s" hint, (soname), #name);

#endif
