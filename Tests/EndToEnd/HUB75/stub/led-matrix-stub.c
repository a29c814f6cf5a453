/* SPDX-License-Identifier: Apache-2.0
 *
 * A recording stand-in for rpi-rgb-led-matrix's C API (the subset declared in
 * led-matrix-c.h next to this file), so departure-board-hub75 can be built and
 * driven in CI without a panel.
 *
 * Every call is appended as one JSON object per line to <dir>/calls.jsonl;
 * each shown canvas is written to <dir>/latest.ppm. <dir> is the environment
 * variable HUB75_STUB_RECORD_DIR when set, else the macro of that name given
 * at compile time. Files in <dir> steer failures:
 *   fail-create    create records itself, then aborts (as the Pi 5 backend
 *                  does when /dev/pio0 cannot be opened)
 *   refuse-create  create returns NULL
 *   abort-after    holding N: the Nth swap records "abort" and aborts
 * Compiled with HUB75_STUB_QUIET it records nothing and reads no control files
 * (the fuzz harness, Tests/Fuzz/Targets/HUB75Messages, runs it millions of times).
 * Single-threaded use only, like the driver.
 */
#define _POSIX_C_SOURCE 200809L

#include "led-matrix-c.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef HUB75_STUB_RECORD_DIR
#define HUB75_STUB_RECORD_DIR "."
#endif

struct LedCanvas {
  int width;
  int height;
  uint8_t *rgb; /* width * height * 3 bytes, row-major */
  struct LedCanvas *next; /* all canvases of the matrix, for delete */
};

struct RGBLedMatrix {
  int width;
  int height;
  uint8_t brightness;
  struct LedCanvas *shown;
  struct LedCanvas *canvases;
};

/* Swaps counted across the process, as the abort-after file counts them. */
static unsigned long swap_count;

/* --- where records go ----------------------------------------------------- */

static const char *record_dir(void) {
  const char *dir = getenv("HUB75_STUB_RECORD_DIR");
  return (dir != NULL && *dir != '\0') ? dir : HUB75_STUB_RECORD_DIR;
}

/* "<dir>/<name>", malloc'ed; NULL when out of memory. */
static char *record_path(const char *name) {
  const char *dir = record_dir();
  size_t length = strlen(dir) + 1 + strlen(name) + 1;
  char *path = malloc(length);
  if (path != NULL) snprintf(path, length, "%s/%s", dir, name);
  return path;
}

static bool control_file_exists(const char *name) {
#ifdef HUB75_STUB_QUIET
  (void)name;
  return false;
#endif
  char *path = record_path(name);
  struct stat st;
  bool exists = path != NULL && stat(path, &st) == 0;
  free(path);
  return exists;
}

/* The number in <dir>/abort-after, or 0 when there is none. */
static unsigned long abort_after(void) {
#ifdef HUB75_STUB_QUIET
  return 0;
#endif
  char *path = record_path("abort-after");
  FILE *file = path != NULL ? fopen(path, "r") : NULL;
  free(path);
  if (file == NULL) return 0;
  unsigned long n = 0;
  if (fscanf(file, "%lu", &n) != 1) n = 0;
  fclose(file);
  return n;
}

/* --- JSON lines ----------------------------------------------------------- */

struct record {
  char *text;
  size_t length;
  size_t capacity;
};

static void append(struct record *r, const char *bytes, size_t n) {
  if (r->length + n + 1 > r->capacity) {
    size_t capacity = (r->length + n + 1) * 2;
    char *grown = realloc(r->text, capacity);
    if (grown == NULL) return; /* the line comes out short; nothing better to do */
    r->text = grown;
    r->capacity = capacity;
  }
  memcpy(r->text + r->length, bytes, n);
  r->length += n;
  r->text[r->length] = '\0';
}

static void appendf(struct record *r, const char *format, ...) {
  char buffer[128];
  va_list args;
  va_start(args, format);
  int n = vsnprintf(buffer, sizeof buffer, format, args);
  va_end(args);
  if (n > 0) append(r, buffer, (size_t)n < sizeof buffer ? (size_t)n : sizeof buffer - 1);
}

static struct record begin_record(const char *call) {
  struct record r = {NULL, 0, 0};
  appendf(&r, "{\"pid\":%ld,\"call\":\"%s\"", (long)getpid(), call);
  return r;
}

static void field_int(struct record *r, const char *key, long long value) {
  appendf(r, ",\"%s\":%lld", key, value);
}

static void field_bool(struct record *r, const char *key, bool value) {
  appendf(r, ",\"%s\":%s", key, value ? "true" : "false");
}

/* A JSON string, or null for NULL. */
static void field_text(struct record *r, const char *key, const char *value) {
  appendf(r, ",\"%s\":", key);
  if (value == NULL) {
    append(r, "null", 4);
    return;
  }
  append(r, "\"", 1);
  for (const unsigned char *c = (const unsigned char *)value; *c != '\0'; c++) {
    if (*c == '"' || *c == '\\') {
      char escaped[2] = {'\\', (char)*c};
      append(r, escaped, 2);
    } else if (*c < 0x20) {
      appendf(r, "\\u%04x", *c);
    } else {
      append(r, (const char *)c, 1);
    }
  }
  append(r, "\"", 1);
}

/* Ends the object and appends it with one write(), so lines from several
 * processes sharing the file never interleave. */
static void finish_record(struct record *r) {
#ifdef HUB75_STUB_QUIET
  free(r->text);
  return;
#endif
  append(r, "}\n", 2);
  char *path = record_path("calls.jsonl");
  int fd = path != NULL ? open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644) : -1;
  if (fd < 0) {
    fprintf(stderr, "stub: cannot open %s: %s\n", path ? path : "calls.jsonl", strerror(errno));
  } else {
    if (r->text == NULL || write(fd, r->text, r->length) != (ssize_t)r->length)
      fprintf(stderr, "stub: cannot append to %s\n", path);
    close(fd);
  }
  free(path);
  free(r->text);
}

/* --- canvas size ---------------------------------------------------------- */

/* Sizes in 64 bits: the driver passes any int, and a product of two must not overflow. */
struct geometry {
  long long rows, cols, chain, parallel;
};

/* More pixels than a FRAME can carry (16 MiB of RGB): refused like options the
 * library rejects, so a hostile CONFIGURE cannot make the stub allocate gigabytes. */
#define MAX_CANVAS_PIXELS (16LL * 1024 * 1024 / 3)

static bool fits(long long width, long long height) {
  if (width <= MAX_CANVAS_PIXELS && height <= MAX_CANVAS_PIXELS && width * height <= MAX_CANVAS_PIXELS)
    return true;
  fprintf(stderr, "stub: a %lldx%lld canvas is larger than any frame\n", width, height);
  return false;
}

static int or_default(int value, int fallback) { return value > 0 ? value : fallback; }

/* Applies one named mapper to width x height; false (with a reason on
 * stderr) for a mapper the library would refuse. */
static bool apply_mapper(const char *name, const char *parameter,
                         const struct geometry *g, long long *width, long long *height) {
  if (strcmp(name, "U-mapper") == 0 && parameter == NULL) {
    if (g->chain % 2 != 0) {
      fprintf(stderr, "stub: U-mapper needs an even chain_length; got %lld\n", g->chain);
      return false;
    }
    *width /= 2;
    *height *= 2;
    return true;
  }
  if (strcmp(name, "V-mapper") == 0 && (parameter == NULL || strcmp(parameter, "Z") == 0)) {
    *width = g->cols * g->parallel;
    *height = g->rows * g->chain;
    return true;
  }
  if (strcmp(name, "Mirror") == 0 && parameter != NULL &&
      (strcasecmp(parameter, "H") == 0 || strcasecmp(parameter, "V") == 0)) {
    return true;
  }
  if (strcmp(name, "Rotate") == 0 && parameter != NULL) {
    char *end;
    long angle = strtol(parameter, &end, 10);
    if (*parameter != '\0' && *end == '\0' && angle % 90 == 0) {
      if ((angle / 90) % 2 != 0) {
        long long swap = *width;
        *width = *height;
        *height = swap;
      }
      return true;
    }
  }
  fprintf(stderr, "stub: unknown pixel mapper '%s%s%s'\n", name,
          parameter ? ":" : "", parameter ? parameter : "");
  return false;
}

/* The canvas size the options make: columns x chain by rows x parallel, then
 * each ';'-separated mapper in turn. */
static bool canvas_size(const struct RGBLedMatrixOptions *o, int *width, int *height) {
  struct geometry g = {or_default(o->rows, 32), or_default(o->cols, 32),
                       or_default(o->chain_length, 1), or_default(o->parallel, 1)};
  long long w = g.cols * g.chain, h = g.rows * g.parallel;
  bool ok = fits(w, h);
  char *mappers = NULL;
  if (ok && o->pixel_mapper_config != NULL) {
    mappers = strdup(o->pixel_mapper_config);
    ok = mappers != NULL;
  }
  char *saved;
  for (char *step = ok && mappers ? strtok_r(mappers, ";", &saved) : NULL; ok && step != NULL;
       step = strtok_r(NULL, ";", &saved)) {
    char *colon = strchr(step, ':');
    if (colon != NULL) *colon = '\0';
    /* Checked after each step, so repeated mappers cannot grow a side past 64 bits. */
    ok = apply_mapper(step, colon ? colon + 1 : NULL, &g, &w, &h) && fits(w, h);
  }
  free(mappers);
  if (ok) {
    *width = (int)w;
    *height = (int)h;
  }
  return ok;
}

/* --- canvases ------------------------------------------------------------- */

static struct LedCanvas *new_canvas(struct RGBLedMatrix *m) {
  struct LedCanvas *c = calloc(1, sizeof *c);
  if (c == NULL) return NULL;
  c->width = m->width;
  c->height = m->height;
  c->rgb = calloc((size_t)m->width * (size_t)m->height, 3);
  if (c->rgb == NULL) {
    free(c);
    return NULL;
  }
  c->next = m->canvases;
  m->canvases = c;
  return c;
}

static size_t canvas_bytes(const struct LedCanvas *c) {
  return (size_t)c->width * (size_t)c->height * 3;
}

static uint64_t fnv1a64(const uint8_t *bytes, size_t n) {
  uint64_t hash = 0xcbf29ce484222325u;
  for (size_t i = 0; i < n; i++) {
    hash ^= bytes[i];
    hash *= 0x100000001b3u;
  }
  return hash;
}

/* latest.ppm through a temporary file and rename(), so a reader never sees
 * half a picture. */
static void write_picture(const struct LedCanvas *c) {
#ifdef HUB75_STUB_QUIET
  (void)c;
  return;
#endif
  char name[64];
  snprintf(name, sizeof name, ".latest.ppm.%ld.tmp", (long)getpid());
  char *temporary = record_path(name);
  char *final = record_path("latest.ppm");
  FILE *file = temporary != NULL ? fopen(temporary, "wb") : NULL;
  bool ok = file != NULL;
  if (ok) {
    ok = fprintf(file, "P6\n%d %d\n255\n", c->width, c->height) > 0 &&
         fwrite(c->rgb, 1, canvas_bytes(c), file) == canvas_bytes(c);
    ok = (fclose(file) == 0) && ok;
  }
  if (!ok || final == NULL || rename(temporary, final) != 0) {
    fprintf(stderr, "stub: cannot write latest.ppm in %s\n", record_dir());
    if (temporary != NULL) unlink(temporary);
  }
  free(temporary);
  free(final);
}

/* --- the API -------------------------------------------------------------- */

static void record_create(const struct RGBLedMatrixOptions *o,
                          const struct RGBLedRuntimeOptions *rt) {
  struct record r = begin_record("create");
  field_text(&r, "hardware_mapping", o->hardware_mapping);
  field_int(&r, "rows", o->rows);
  field_int(&r, "cols", o->cols);
  field_int(&r, "chain_length", o->chain_length);
  field_int(&r, "parallel", o->parallel);
  field_int(&r, "pwm_bits", o->pwm_bits);
  field_int(&r, "pwm_lsb_nanoseconds", o->pwm_lsb_nanoseconds);
  field_int(&r, "pwm_dither_bits", o->pwm_dither_bits);
  field_int(&r, "brightness", o->brightness);
  field_int(&r, "scan_mode", o->scan_mode);
  field_int(&r, "row_address_type", o->row_address_type);
  field_int(&r, "multiplexing", o->multiplexing);
  field_bool(&r, "disable_hardware_pulsing", o->disable_hardware_pulsing);
  field_bool(&r, "show_refresh_rate", o->show_refresh_rate);
  field_bool(&r, "inverse_colors", o->inverse_colors);
  field_text(&r, "led_rgb_sequence", o->led_rgb_sequence);
  field_text(&r, "pixel_mapper_config", o->pixel_mapper_config);
  field_text(&r, "panel_type", o->panel_type);
  field_int(&r, "limit_refresh_rate_hz", o->limit_refresh_rate_hz);
  field_bool(&r, "disable_busy_waiting", o->disable_busy_waiting);
  field_int(&r, "gpio_slowdown", rt->gpio_slowdown);
  field_int(&r, "daemon", rt->daemon);
  field_int(&r, "drop_privileges", rt->drop_privileges);
  field_bool(&r, "do_gpio_init", rt->do_gpio_init);
  field_text(&r, "drop_priv_user", rt->drop_priv_user);
  field_text(&r, "drop_priv_group", rt->drop_priv_group);
  finish_record(&r);
}

struct RGBLedMatrix *led_matrix_create_from_options_and_rt_options(
    struct RGBLedMatrixOptions *opts, struct RGBLedRuntimeOptions *rt_opts) {
  /* NULL stands for all defaults, as in the library. */
  struct RGBLedMatrixOptions no_options;
  struct RGBLedRuntimeOptions no_runtime;
  memset(&no_options, 0, sizeof no_options);
  memset(&no_runtime, 0, sizeof no_runtime);
  const struct RGBLedMatrixOptions *o = opts ? opts : &no_options;
  const struct RGBLedRuntimeOptions *rt = rt_opts ? rt_opts : &no_runtime;

  record_create(o, rt);
  if (control_file_exists("fail-create")) {
    fputs("stub: cannot open /dev/pio0\n", stderr);
    abort();
  }
  if (control_file_exists("refuse-create")) return NULL;

  int width, height;
  if (!canvas_size(o, &width, &height)) return NULL;
  struct RGBLedMatrix *m = calloc(1, sizeof *m);
  if (m == NULL) return NULL;
  m->width = width;
  m->height = height;
  m->brightness = (uint8_t)(o->brightness > 0 && o->brightness <= 100 ? o->brightness : 100);
  m->shown = new_canvas(m); /* the library starts with a dark canvas on show */
  if (m->shown == NULL) {
    free(m);
    return NULL;
  }
  return m;
}

void led_matrix_delete(struct RGBLedMatrix *matrix) {
  struct record r = begin_record("delete");
  finish_record(&r);
  if (matrix == NULL) return;
  for (struct LedCanvas *c = matrix->canvases, *next; c != NULL; c = next) {
    next = c->next;
    free(c->rgb);
    free(c);
  }
  free(matrix);
}

struct LedCanvas *led_matrix_create_offscreen_canvas(struct RGBLedMatrix *matrix) {
  struct LedCanvas *c = new_canvas(matrix);
  struct record r = begin_record("offscreen");
  field_int(&r, "width", matrix->width);
  field_int(&r, "height", matrix->height);
  finish_record(&r);
  return c;
}

struct LedCanvas *led_matrix_swap_on_vsync(struct RGBLedMatrix *matrix,
                                           struct LedCanvas *canvas) {
  unsigned long frame = ++swap_count;
  if (frame == abort_after()) {
    struct record r = begin_record("abort");
    field_int(&r, "frame", (long long)frame);
    finish_record(&r);
    abort(); /* before the canvas is shown */
  }
  struct LedCanvas *previous = matrix->shown;
  if (canvas != NULL) matrix->shown = canvas;
  const struct LedCanvas *shown = matrix->shown;
  write_picture(shown);

  struct record r = begin_record("swap");
  field_int(&r, "frame", (long long)frame);
  field_int(&r, "width", shown->width);
  field_int(&r, "height", shown->height);
  char hash[17];
  snprintf(hash, sizeof hash, "%016" PRIx64, fnv1a64(shown->rgb, canvas_bytes(shown)));
  field_text(&r, "fnv1a", hash);
  finish_record(&r);
  return previous;
}

void led_canvas_get_size(const struct LedCanvas *canvas, int *width, int *height) {
  if (canvas == NULL) return;
  if (width != NULL) *width = canvas->width;
  if (height != NULL) *height = canvas->height;
}

void led_canvas_clear(struct LedCanvas *canvas) {
  if (canvas != NULL) memset(canvas->rgb, 0, canvas_bytes(canvas));
  struct record r = begin_record("clear");
  finish_record(&r);
}

void set_image(struct LedCanvas *c, int canvas_offset_x, int canvas_offset_y,
               const uint8_t *image_buffer, size_t buffer_size_bytes,
               int image_width, int image_height, char is_bgr) {
  struct record r = begin_record("set_image");
  field_int(&r, "x", canvas_offset_x);
  field_int(&r, "y", canvas_offset_y);
  field_int(&r, "width", image_width);
  field_int(&r, "height", image_height);
  field_int(&r, "bytes", (long long)buffer_size_bytes);
  finish_record(&r);

  /* Like the library: a buffer of the wrong size draws nothing. */
  if (c == NULL || image_width < 0 || image_height < 0 ||
      buffer_size_bytes != (size_t)image_width * (size_t)image_height * 3)
    return;
  for (int iy = 0; iy < image_height; iy++) {
    int y = canvas_offset_y + iy;
    if (y < 0 || y >= c->height) continue;
    for (int ix = 0; ix < image_width; ix++) {
      int x = canvas_offset_x + ix;
      if (x < 0 || x >= c->width) continue;
      const uint8_t *from = image_buffer + ((size_t)iy * (size_t)image_width + (size_t)ix) * 3;
      uint8_t *to = c->rgb + ((size_t)y * (size_t)c->width + (size_t)x) * 3;
      to[0] = is_bgr ? from[2] : from[0];
      to[1] = from[1];
      to[2] = is_bgr ? from[0] : from[2];
    }
  }
}

void led_matrix_set_brightness(struct RGBLedMatrix *matrix, uint8_t brightness) {
  struct record r = begin_record("brightness");
  field_int(&r, "value", brightness);
  finish_record(&r);
  if (matrix != NULL)
    matrix->brightness = brightness == 0 ? 1 : (brightness > 100 ? 100 : brightness);
}

uint8_t led_matrix_get_brightness(struct RGBLedMatrix *matrix) {
  return matrix != NULL ? matrix->brightness : 0;
}
