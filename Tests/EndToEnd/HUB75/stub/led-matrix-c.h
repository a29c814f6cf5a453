/* SPDX-License-Identifier: Apache-2.0
 *
 * The part of rpi-rgb-led-matrix's C API that departure-board-hub75 uses,
 * declared again in our own words so that the driver can be compiled and run
 * in CI against the recording stub (led-matrix-stub.c) instead of a panel.
 *
 * Only the names and the layout match the library's include/led-matrix-c.h:
 * that is what lets one driver source compile against either header. Keep the
 * option struct in step with the library commit pinned in
 * deploy/hub75/install-hub75.sh: same fields, same order, same types.
 */
#ifndef DEPARTURE_BOARD_HUB75_STUB_LED_MATRIX_C_H
#define DEPARTURE_BOARD_HUB75_STUB_LED_MATRIX_C_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Opaque to callers; the stub defines them. */
struct RGBLedMatrix;
struct LedCanvas;

/* How the matrix is wired and driven. Zero in any field means "the library's
 * default", so callers clear the whole struct before setting fields. */
struct RGBLedMatrixOptions {
  const char *hardware_mapping; /* adapter board name; NULL: the default */
  int rows;                     /* rows of one panel */
  int cols;                     /* columns of one panel */
  int chain_length;             /* panels daisy-chained on one connector */
  int parallel;                 /* connectors driven at once */
  int pwm_bits;                 /* colour depth per channel */
  int pwm_lsb_nanoseconds;      /* on-time of the least significant bit */
  int pwm_dither_bits;          /* low bits dithered over time */
  int brightness;               /* percent, 1..100 */
  int scan_mode;                /* 0 progressive, 1 interlaced */
  int row_address_type;         /* how rows are addressed (panel family) */
  int multiplexing;             /* multiplexing scheme (panel family) */
  bool disable_hardware_pulsing; /* no PWM-hardware output-enable pulses */
  bool show_refresh_rate;       /* print the refresh rate on stderr */
  bool inverse_colors;          /* panels with inverted colour lines */
  const char *led_rgb_sequence; /* the panel's real colour order, e.g. "RBG" */
  const char *pixel_mapper_config; /* ';'-separated pixel mappers */
  const char *panel_type;       /* driver chips needing an init sequence */
  int limit_refresh_rate_hz;    /* cap on refreshes per second; <= 0: none */
  bool disable_busy_waiting;    /* sleep instead of spinning when capped */
};

/* Process-level choices made while the matrix is created.
 *
 * The library commit pinned for the Raspberry Pi 5 also has a field here
 * that selects the RP1 backend (named rp1_rio when the Pi 5 code was merged,
 * renamed rp1_pio later with its meaning flipped). It is left out on purpose:
 * the driver never names it and leaves it zero (the library's default), so
 * the driver compiles unchanged against library versions before and after
 * the rename. Nothing else here depends on this struct's size. */
struct RGBLedRuntimeOptions {
  int gpio_slowdown;    /* extra GPIO write cycles; 0: the default */
  int daemon;           /* 1: fork into the background; 0: stay */
  int drop_privileges;  /* 1: leave root once the hardware is set up */
  bool do_gpio_init;    /* false only for output that needs no GPIO */
  const char *drop_priv_user;  /* NULL: the library's default user */
  const char *drop_priv_group; /* NULL: the library's default group */
};

/* One RGB pixel. */
struct Color {
  uint8_t r;
  uint8_t g;
  uint8_t b;
};

/* Creates the matrix from both option structs (either may be NULL);
 * NULL when the options are refused. */
struct RGBLedMatrix *led_matrix_create_from_options_and_rt_options(
    struct RGBLedMatrixOptions *opts, struct RGBLedRuntimeOptions *rt_opts);

/* Stops the matrix and frees it with all its canvases. */
void led_matrix_delete(struct RGBLedMatrix *matrix);

/* A new canvas to draw on while another one is shown; owned by the matrix. */
struct LedCanvas *led_matrix_create_offscreen_canvas(
    struct RGBLedMatrix *matrix);

/* Shows `canvas` from the next refresh on and returns the canvas that was
 * shown until now, which becomes free to draw on. */
struct LedCanvas *led_matrix_swap_on_vsync(struct RGBLedMatrix *matrix,
                                           struct LedCanvas *canvas);

/* The canvas's size in pixels, after any pixel mappers. */
void led_canvas_get_size(const struct LedCanvas *canvas, int *width,
                         int *height);

/* Every pixel black. */
void led_canvas_clear(struct LedCanvas *canvas);

/* Copies a row-major RGB (or BGR when is_bgr is 1) image of
 * image_width x image_height pixels to the canvas at the given offset,
 * cropping what falls outside. buffer_size_bytes must be 3 * w * h. */
void set_image(struct LedCanvas *c, int canvas_offset_x, int canvas_offset_y,
               const uint8_t *image_buffer, size_t buffer_size_bytes,
               int image_width, int image_height, char is_bgr);

/* Brightness in percent for pixels drawn from now on. */
void led_matrix_set_brightness(struct RGBLedMatrix *matrix,
                               uint8_t brightness);
uint8_t led_matrix_get_brightness(struct RGBLedMatrix *matrix);

#ifdef __cplusplus
}
#endif

#endif
