#ifndef DB_CFREETYPELOADER_H
#define DB_CFREETYPELOADER_H

#include <stddef.h>
#include <stdint.h>

// FreeType, loaded with dlopen by the first font that needs it (TrueType, OpenType, PCF), so
// that boards in the bundled BDF fonts never map it nor what it brings (libpng, brotli):
// about 330 KiB of an 11 MiB sign. This header does not include FreeType's, so Swift never
// sees them; the .c file types its table from them (libfreetype-dev at build time) and links
// nothing. Faces and libraries travel as opaque pointers (an FT_Library, an FT_Face); every
// call returns FreeType's own error code.

/// FreeType's functions, resolved: a table kept for the life of the process.
typedef struct db_freetype db_freetype;

/// dlopen()s libfreetype.so.6 and resolves every function; NULL with a message in `error`
/// when the library or one of its functions is missing.
const db_freetype *db_freetype_open(char *error, size_t error_size);

/// FT_Init_FreeType, FT_New_Face (face 0 of the file), FT_Done_Face, FT_Done_FreeType.
int db_ft_init(const db_freetype *freetype, void **library);
int db_ft_new_face(const db_freetype *freetype, void *library, const char *path, void **face);
void db_ft_done_face(const db_freetype *freetype, void *face);
void db_ft_done(const db_freetype *freetype, void *library);

/// What a face says of itself: FT_FACE_FLAG_SCALABLE, its fixed strikes, its names (NULL
/// when it has none; they live as long as the face).
typedef struct {
    int scalable;
    int fixed_sizes;
    const char *family;
    const char *style;
} db_ft_face_info;
void db_ft_describe_face(void *face, db_ft_face_info *info);
/// The height in pixels of fixed strike `index` (0 ..< fixed_sizes).
int db_ft_fixed_height(void *face, int index);

/// FT_Select_Size and FT_Set_Pixel_Sizes (width 0: the same as the height).
int db_ft_select_size(const db_freetype *freetype, void *face, int index);
int db_ft_set_pixel_sizes(const db_freetype *freetype, void *face, unsigned pixels);

/// The size's metrics in 26.6 fixed point: ascender, descender (negative below the baseline),
/// line height.
void db_ft_size_metrics(void *face, long *ascender, long *descender, long *height);

/// FT_Get_Char_Index: 0 when the face has no glyph for `code`.
unsigned db_ft_char_index(const db_freetype *freetype, void *face, unsigned long code);

/// A rendered glyph's bitmap as FT_Load_Glyph(FT_LOAD_RENDER) leaves it in the face's slot:
/// valid until the face's next glyph. `pixel_mode` is one of DB_FT_PIXEL_MODE_*, any other
/// mode `DB_FT_PIXEL_MODE_OTHER`.
typedef struct {
    int width;
    int rows;
    int pitch;
    int pixel_mode;
    int num_grays;
    int left;
    int top;
    long advance_x;
    const uint8_t *buffer;
} db_ft_bitmap;

enum {
    DB_FT_PIXEL_MODE_OTHER = 0,
    DB_FT_PIXEL_MODE_MONO = 1,
    DB_FT_PIXEL_MODE_GRAY = 2,
    DB_FT_PIXEL_MODE_BGRA = 3,
};

/// FT_Load_Glyph(face, index, FT_LOAD_RENDER), then the slot's bitmap into `bitmap`.
int db_ft_render_glyph(const db_freetype *freetype, void *face, unsigned index, db_ft_bitmap *bitmap);

#endif
