#include "CFreeTypeLoader.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

// FreeType's header gives the table its types; nothing is linked: every function is reached
// through dlsym, and __typeof__ does not evaluate (or reference) its operand.
#include <ft2build.h>
#include FT_FREETYPE_H

#include "CLoaderSupport.h"

#define DB_FT_FUNCTIONS(F)                                                                   \
    F(FT_Init_FreeType) F(FT_Done_FreeType) F(FT_New_Face) F(FT_Done_Face) F(FT_Select_Size) \
    F(FT_Set_Pixel_Sizes) F(FT_Get_Char_Index) F(FT_Load_Glyph)

struct db_freetype {
    DB_FT_FUNCTIONS(DB_LOADER_ENTRY)
};

#define DB_RESOLVE_FT(name) DB_LOADER_RESOLVE(freetype, handle, "libfreetype.so.6", "", name)

const db_freetype *db_freetype_open(char *error, size_t error_size) {
    void *handle = db_loader_open("libfreetype.so.6");
    if (handle == NULL) {
        const char *reason = dlerror();
        snprintf(error, error_size, "cannot load libfreetype.so.6 (Debian package libfreetype6): %s", reason ? reason : "not found");
        return NULL;
    }
    struct db_freetype *freetype = calloc(1, sizeof *freetype);
    if (freetype == NULL) {
        snprintf(error, error_size, "out of memory");
        goto fail;
    }
    DB_FT_FUNCTIONS(DB_RESOLVE_FT)
    // The handle stays open: the table points into it for the life of the process.
    return freetype;
fail:
    free(freetype);
    dlclose(handle);
    return NULL;
}

int db_ft_init(const db_freetype *freetype, void **library) {
    FT_Library made = NULL;
    FT_Error error = freetype->FT_Init_FreeType(&made);
    *library = made;
    return error;
}

int db_ft_new_face(const db_freetype *freetype, void *library, const char *path, void **face) {
    FT_Face made = NULL;
    FT_Error error = freetype->FT_New_Face((FT_Library)library, path, 0, &made);
    *face = made;
    return error;
}

void db_ft_done_face(const db_freetype *freetype, void *face) {
    freetype->FT_Done_Face((FT_Face)face);
}

void db_ft_done(const db_freetype *freetype, void *library) {
    freetype->FT_Done_FreeType((FT_Library)library);
}

void db_ft_describe_face(void *face, db_ft_face_info *info) {
    FT_Face self = face;
    info->scalable = (self->face_flags & FT_FACE_FLAG_SCALABLE) != 0;
    info->fixed_sizes = self->available_sizes != NULL ? self->num_fixed_sizes : 0;
    info->family = self->family_name;
    info->style = self->style_name;
}

int db_ft_fixed_height(void *face, int index) {
    FT_Face self = face;
    return self->available_sizes[index].height;
}

int db_ft_select_size(const db_freetype *freetype, void *face, int index) {
    return freetype->FT_Select_Size((FT_Face)face, index);
}

int db_ft_set_pixel_sizes(const db_freetype *freetype, void *face, unsigned pixels) {
    return freetype->FT_Set_Pixel_Sizes((FT_Face)face, 0, pixels);
}

void db_ft_size_metrics(void *face, long *ascender, long *descender, long *height) {
    FT_Size_Metrics metrics = ((FT_Face)face)->size->metrics;
    *ascender = metrics.ascender;
    *descender = metrics.descender;
    *height = metrics.height;
}

unsigned db_ft_char_index(const db_freetype *freetype, void *face, unsigned long code) {
    return freetype->FT_Get_Char_Index((FT_Face)face, code);
}

int db_ft_render_glyph(const db_freetype *freetype, void *face, unsigned index, db_ft_bitmap *bitmap) {
    FT_Face self = face;
    // FT_LOAD_TARGET_NORMAL is 0, so FT_LOAD_RENDER alone yields 8-bit anti-aliased grey.
    FT_Error error = freetype->FT_Load_Glyph(self, index, FT_LOAD_RENDER);
    if (error != 0) return error;
    FT_GlyphSlot slot = self->glyph;
    if (slot == NULL) return -1;
    bitmap->width = (int)slot->bitmap.width;
    bitmap->rows = (int)slot->bitmap.rows;
    bitmap->pitch = slot->bitmap.pitch;
    switch (slot->bitmap.pixel_mode) {
    case FT_PIXEL_MODE_MONO: bitmap->pixel_mode = DB_FT_PIXEL_MODE_MONO; break;
    case FT_PIXEL_MODE_GRAY: bitmap->pixel_mode = DB_FT_PIXEL_MODE_GRAY; break;
    case FT_PIXEL_MODE_BGRA: bitmap->pixel_mode = DB_FT_PIXEL_MODE_BGRA; break;
    default: bitmap->pixel_mode = DB_FT_PIXEL_MODE_OTHER; break;
    }
    bitmap->num_grays = slot->bitmap.num_grays;
    bitmap->left = slot->bitmap_left;
    bitmap->top = slot->bitmap_top;
    bitmap->advance_x = slot->advance.x;
    bitmap->buffer = slot->bitmap.buffer;
    return 0;
}
