#include "CShapingLoader.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// The libraries' headers give the tables their types; nothing is linked: every function is
// reached through dlsym, and __typeof__ does not evaluate (or reference) its operand.
#include <fribidi.h>
#include <hb.h>
#include <hb-ft.h>

#include "CLoaderSupport.h"

#define DB_HB_FUNCTIONS(F)                                                                   \
    F(hb_buffer_create) F(hb_buffer_destroy) F(hb_buffer_add_utf32) F(hb_buffer_set_direction) \
    F(hb_buffer_set_language) F(hb_language_from_string) F(hb_buffer_guess_segment_properties) \
    F(hb_buffer_set_cluster_level) F(hb_buffer_allocation_successful) F(hb_shape)            \
    F(hb_buffer_get_glyph_infos) F(hb_buffer_get_glyph_positions) F(hb_buffer_get_length)    \
    F(hb_font_funcs_create) F(hb_font_funcs_set_nominal_glyph_func)                          \
    F(hb_font_funcs_set_glyph_h_advance_func) F(hb_font_funcs_set_glyph_extents_func)        \
    F(hb_font_funcs_make_immutable) F(hb_font_funcs_destroy) F(hb_face_create_for_tables)    \
    F(hb_face_destroy) F(hb_blob_get_empty)            \
    F(hb_font_create) F(hb_font_set_funcs) F(hb_font_destroy) F(hb_ft_font_create_referenced)

#define DB_FRIBIDI_FUNCTIONS(F)                                                              \
    F(fribidi_get_bidi_types) F(fribidi_get_bracket_types)                                   \
    F(fribidi_get_par_embedding_levels_ex) F(fribidi_reorder_line)

struct db_shaping {
    DB_HB_FUNCTIONS(DB_LOADER_ENTRY)
    DB_FRIBIDI_FUNCTIONS(DB_LOADER_ENTRY)
    hb_font_funcs_t *callback_funcs;
};

// HarfBuzz's empty face is its inert Null object, which its OpenType shaper refuses (leaving
// the bare fallback shaper: no reordering, no joining): a face of no tables is a real one.
static hb_blob_t *no_table(hb_face_t *face, hb_tag_t tag, void *user) {
    (void)face; (void)tag;
    const struct db_shaping *shaping = user;
    return shaping->hb_blob_get_empty();
}

struct db_shaping_font {
    hb_font_t *font;
    db_glyph_callbacks callbacks;
};

#define DB_RESOLVE_HB(name) DB_LOADER_RESOLVE(shaping, harfbuzz, "libharfbuzz.so.0", "", name)
#define DB_RESOLVE_FRIBIDI(name) DB_LOADER_RESOLVE(shaping, fribidi, "libfribidi.so.0", "", name)

static hb_bool_t nominal_glyph(hb_font_t *font, void *data, hb_codepoint_t unicode,
                               hb_codepoint_t *glyph, void *user) {
    (void)font; (void)user;
    const struct db_shaping_font *self = data;
    uint32_t found = 0;
    if (!self->callbacks.nominal_glyph(self->callbacks.context, unicode, &found)) return 0;
    *glyph = found;
    return 1;
}

static hb_position_t advance(hb_font_t *font, void *data, hb_codepoint_t glyph, void *user) {
    (void)font; (void)user;
    const struct db_shaping_font *self = data;
    return self->callbacks.advance(self->callbacks.context, glyph);
}

static hb_bool_t extents(hb_font_t *font, void *data, hb_codepoint_t glyph,
                         hb_glyph_extents_t *box, void *user) {
    (void)font; (void)user;
    const struct db_shaping_font *self = data;
    int32_t x = 0, y = 0, w = 0, h = 0;
    if (!self->callbacks.extents(self->callbacks.context, glyph, &x, &y, &w, &h)) return 0;
    box->x_bearing = x;
    box->y_bearing = y;
    box->width = w;
    box->height = h;
    return 1;
}

const db_shaping *db_shaping_open(char *error, size_t error_size) {
    void *harfbuzz = db_loader_open("libharfbuzz.so.0");
    if (harfbuzz == NULL) {
        const char *reason = dlerror();
        snprintf(error, error_size, "cannot load libharfbuzz.so.0 (Debian package libharfbuzz0b): %s", reason ? reason : "not found");
        return NULL;
    }
    void *fribidi = db_loader_open("libfribidi.so.0");
    if (fribidi == NULL) {
        const char *reason = dlerror();
        snprintf(error, error_size, "cannot load libfribidi.so.0 (Debian package libfribidi0): %s", reason ? reason : "not found");
        dlclose(harfbuzz);
        return NULL;
    }
    struct db_shaping *shaping = calloc(1, sizeof *shaping);
    if (shaping == NULL) {
        snprintf(error, error_size, "out of memory");
        goto fail;
    }
    DB_HB_FUNCTIONS(DB_RESOLVE_HB)
    DB_FRIBIDI_FUNCTIONS(DB_RESOLVE_FRIBIDI)
    shaping->callback_funcs = shaping->hb_font_funcs_create();
    shaping->hb_font_funcs_set_nominal_glyph_func(shaping->callback_funcs, nominal_glyph, NULL, NULL);
    shaping->hb_font_funcs_set_glyph_h_advance_func(shaping->callback_funcs, advance, NULL, NULL);
    shaping->hb_font_funcs_set_glyph_extents_func(shaping->callback_funcs, extents, NULL, NULL);
    shaping->hb_font_funcs_make_immutable(shaping->callback_funcs);
    // The handles stay open: the table points into them for the life of the process.
    return shaping;
fail:
    free(shaping);
    dlclose(fribidi);
    dlclose(harfbuzz);
    return NULL;
}

int db_bidi_line(const db_shaping *shaping, const uint32_t *text, int length, int base,
                 uint8_t *levels, int32_t *visual) {
    if (length <= 0) return base == 1 ? 1 : 0;
    FriBidiCharType *types = malloc(sizeof *types * (size_t)length);
    FriBidiBracketType *brackets = malloc(sizeof *brackets * (size_t)length);
    FriBidiLevel *resolved = malloc(sizeof *resolved * (size_t)length);
    FriBidiStrIndex *map = malloc(sizeof *map * (size_t)length);
    int result = -1;
    if (types == NULL || brackets == NULL || resolved == NULL || map == NULL) goto done;
    shaping->fribidi_get_bidi_types(text, length, types);
    shaping->fribidi_get_bracket_types(text, length, types, brackets);
    FriBidiParType direction = base == 1 ? FRIBIDI_PAR_RTL : base == 0 ? FRIBIDI_PAR_LTR : FRIBIDI_PAR_ON;
    if (shaping->fribidi_get_par_embedding_levels_ex(types, brackets, length, &direction, resolved) == 0) goto done;
    for (int i = 0; i < length; i++) map[i] = i;
    // Rule L1 (trailing spaces to the paragraph's level) rewrites `resolved`; no flags: the
    // caller shapes runs in logical order and wants only their order.
    if (shaping->fribidi_reorder_line(0, types, length, 0, direction, resolved, NULL, map) == 0) goto done;
    for (int i = 0; i < length; i++) {
        levels[i] = resolved[i];
        visual[i] = map[i];
    }
    result = FRIBIDI_IS_RTL(direction) ? 1 : 0;
done:
    free(types);
    free(brackets);
    free(resolved);
    free(map);
    return result;
}

db_shaping_font *db_shaping_font_callbacks(const db_shaping *shaping, db_glyph_callbacks callbacks) {
    struct db_shaping_font *self = calloc(1, sizeof *self);
    if (self == NULL) return NULL;
    self->callbacks = callbacks;
    hb_face_t *face = shaping->hb_face_create_for_tables(no_table, (void *)shaping, NULL);
    self->font = shaping->hb_font_create(face);
    shaping->hb_face_destroy(face);
    shaping->hb_font_set_funcs(self->font, shaping->callback_funcs, self, NULL);
    return self;
}

db_shaping_font *db_shaping_font_freetype(const db_shaping *shaping, void *face) {
    struct db_shaping_font *self = calloc(1, sizeof *self);
    if (self == NULL) return NULL;
    self->font = shaping->hb_ft_font_create_referenced((FT_Face)face);
    return self;
}

void db_shaping_font_free(const db_shaping *shaping, db_shaping_font *font) {
    if (font == NULL) return;
    shaping->hb_font_destroy(font->font);
    free(font);
}

int db_shape(const db_shaping *shaping, db_shaping_font *font, const uint32_t *text, int text_length,
             int start, int length, int rtl, const char *language, db_shaped_glyph *out, int capacity) {
    hb_buffer_t *buffer = shaping->hb_buffer_create();
    shaping->hb_buffer_add_utf32(buffer, text, text_length, (unsigned)start, length);
    if (!shaping->hb_buffer_allocation_successful(buffer)) {
        shaping->hb_buffer_destroy(buffer);
        return -1;
    }
    shaping->hb_buffer_set_direction(buffer, rtl ? HB_DIRECTION_RTL : HB_DIRECTION_LTR);
    // Never the process locale's language: the same board draws the same pixels everywhere.
    shaping->hb_buffer_set_language(buffer, shaping->hb_language_from_string(language ? language : "und", -1));
    shaping->hb_buffer_guess_segment_properties(buffer);
    shaping->hb_buffer_set_cluster_level(buffer, HB_BUFFER_CLUSTER_LEVEL_MONOTONE_CHARACTERS);
    // Over a bitmap font HarfBuzz makes ligatures from Unicode's presentation forms; HarfBuzz
    // 6.0 (Debian 12) builds that table wrongly (meem alone became "meem with jeem", beh with
    // yeh a missing glyph), so required ligatures are off there: lam and alef then stay two
    // joined letters. Fonts with their own tables (FreeType) keep every feature.
    hb_feature_t no_ligatures = {HB_TAG('r', 'l', 'i', 'g'), 0, HB_FEATURE_GLOBAL_START, HB_FEATURE_GLOBAL_END};
    int bitmap = font->callbacks.nominal_glyph != NULL;
    shaping->hb_shape(font->font, buffer, bitmap ? &no_ligatures : NULL, bitmap ? 1 : 0);
    unsigned count = shaping->hb_buffer_get_length(buffer);
    hb_glyph_info_t *infos = shaping->hb_buffer_get_glyph_infos(buffer, NULL);
    hb_glyph_position_t *positions = shaping->hb_buffer_get_glyph_positions(buffer, NULL);
    for (unsigned i = 0; i < count && (int)i < capacity; i++) {
        out[i].glyph = infos[i].codepoint;
        out[i].cluster = infos[i].cluster;
        out[i].x_advance = positions[i].x_advance;
        out[i].x_offset = positions[i].x_offset;
        out[i].y_offset = positions[i].y_offset;
    }
    shaping->hb_buffer_destroy(buffer);
    return (int)count;
}
