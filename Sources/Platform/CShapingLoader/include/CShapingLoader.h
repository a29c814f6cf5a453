#ifndef DB_CSHAPINGLOADER_H
#define DB_CSHAPINGLOADER_H

#include <stddef.h>
#include <stdint.h>

// HarfBuzz (shaping) and FriBidi (bidirectional order), loaded with dlopen on the first text
// that needs them, so that boards whose text is plain left-to-right never map them nor what
// HarfBuzz brings (GLib, Graphite, PCRE): about 2 MiB of a 14 MiB sign. This header does not
// include theirs, so Swift never sees them; the .c file types its tables from them
// (libharfbuzz-dev and libfribidi-dev at build time) and links neither.

/// Both libraries, resolved: a table of function pointers kept for the life of the process.
typedef struct db_shaping db_shaping;
/// A font HarfBuzz shapes with: glyphs from the caller's callbacks or from a FreeType face.
typedef struct db_shaping_font db_shaping_font;

/// dlopen()s libharfbuzz.so.0 and libfribidi.so.0 and resolves every function; NULL with a
/// message in `error` when a library or one of its functions is missing.
const db_shaping *db_shaping_open(char *error, size_t error_size);

/// Unicode's bidirectional algorithm over one paragraph of `length` scalars.
/// `base`: 0 left-to-right, 1 right-to-left, -1 from the first strong character.
/// Fills `levels` (embedding level of each scalar) and `visual` (visual position i shows
/// logical scalar visual[i]). Returns the paragraph's direction (0 or 1), -1 on failure.
int db_bidi_line(const db_shaping *shaping, const uint32_t *text, int length, int base,
                 uint8_t *levels, int32_t *visual);

/// The caller's glyphs: advances and extents in 1/64 pixel, y up from the baseline.
typedef struct {
    void *context;
    /// 1 and the glyph id when the font has `scalar`; 0 when it has not.
    int (*nominal_glyph)(void *context, uint32_t scalar, uint32_t *glyph);
    int32_t (*advance)(void *context, uint32_t glyph);
    /// 1 with the ink box (x bearing, top, width, negative height); 0 when unknown.
    int (*extents)(void *context, uint32_t glyph, int32_t *x_bearing, int32_t *y_bearing,
                   int32_t *width, int32_t *height);
} db_glyph_callbacks;

/// A font over the caller's glyphs (bitmap fonts): HarfBuzz's fallback shaping (Arabic
/// presentation forms, mark placement, mirroring) applies, as no OpenType tables exist.
db_shaping_font *db_shaping_font_callbacks(const db_shaping *shaping, db_glyph_callbacks callbacks);
/// A font over a FreeType face (an FT_Face), its OpenType tables used; glyph ids are the
/// face's glyph indexes. The face must outlive the font and is used only under the caller's lock.
db_shaping_font *db_shaping_font_freetype(const db_shaping *shaping, void *face);
void db_shaping_font_free(const db_shaping *shaping, db_shaping_font *font);

/// One shaped glyph: its id, the scalar index of its cluster, pen advance and offsets (1/64 px).
typedef struct {
    uint32_t glyph;
    uint32_t cluster;
    int32_t x_advance;
    int32_t x_offset;
    int32_t y_offset;
} db_shaped_glyph;

/// Shapes text[start ..< start + length] (the whole `text` is context for joining) in one
/// direction (`rtl` 0 or 1), for `language` (a BCP 47 tag, or NULL for none). Glyphs come in
/// visual order. Writes at most `capacity`; returns how many there are (call again with room
/// when larger), -1 on failure.
int db_shape(const db_shaping *shaping, db_shaping_font *font, const uint32_t *text, int text_length,
             int start, int length, int rtl, const char *language, db_shaped_glyph *out, int capacity);

#endif
