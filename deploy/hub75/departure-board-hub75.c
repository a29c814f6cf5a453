// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * departure-board-hub75: shows departure-board frames on a HUB75 RGB LED
 * matrix through hzeller's rpi-rgb-led-matrix library.
 *
 * This program links rpi-rgb-led-matrix, which is licensed under the GNU GPL
 * version 2, so this file and the binary built from it are licensed under the
 * GNU General Public License, version 2 or (at your option) any later version.
 * The rest of departure-board is Apache-2.0 and never links the library: it
 * talks to this process over a Unix socket (PROTOCOL.md in this folder).
 *
 * This program is distributed in the hope that it will be useful, but WITHOUT
 * ANY WARRANTY; without even the implied warranty of MERCHANTABILITY or
 * FITNESS FOR A PARTICULAR PURPOSE. See the GNU General Public License for
 * more details: <https://www.gnu.org/licenses/old-licenses/gpl-2.0.html>.
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include <led-matrix-c.h>

#define PROGRAM "departure-board-hub75"
#define PROTOCOL_VERSION 1

/* Exit statuses (sysexits.h values). */
enum {
  EXIT_USAGE = 64,       /* bad command line */
  EXIT_BAD_MESSAGE = 65, /* the service sent something the protocol forbids */
  EXIT_OS = 71,          /* a socket call failed */
  EXIT_CANT_CREATE = 73, /* --listen could not create its socket */
  EXIT_NO_MATRIX = 74,   /* the library refused to create the matrix */
  EXIT_BAD_CONFIG = 78,  /* CONFIGURE was invalid or does not fit the panel */
};

/* Message types; replies have the high bit set. */
enum {
  TYPE_CONFIGURE = 0x01,
  TYPE_FRAME = 0x02,
  TYPE_BRIGHTNESS = 0x03,
  TYPE_BLANK = 0x04,
  TYPE_READY = 0x81,
  TYPE_ERROR = 0x82,
  TYPE_SHOWN = 0x83,
  TYPE_OK = 0x84,
};

/* The length field counts the type byte and the payload. */
#define MAX_MESSAGE_LENGTH (16u * 1024u * 1024u)
/* FRAME payload before the pixels: seq u32, width u16, height u16. */
#define FRAME_HEADER 8u
/* serve() keeps going while a handler returns this instead of an exit status. */
#define KEEP_SERVING (-1)

/* --- diagnostics ---------------------------------------------------------- */

static void say(const char *format, ...) {
  char line[600];
  va_list args;
  va_start(args, format);
  vsnprintf(line, sizeof line, format, args);
  va_end(args);
  fprintf(stderr, PROGRAM ": %s\n", line);
}

/* --- stop signals ----------------------------------------------------------
 * SIGTERM and SIGINT set a flag and write a byte to a pipe. Every wait polls
 * that pipe next to the socket, so a signal that arrives just before a wait
 * still ends it (the library's refresh thread may be the one to catch it). */

static volatile sig_atomic_t stop_signal;
static int stop_pipe[2] = {-1, -1};

static void on_stop_signal(int signo) {
  int saved_errno = errno;
  stop_signal = signo;
  ssize_t ignored = write(stop_pipe[1], "s", 1);
  (void)ignored; /* a full pipe already says "stop" */
  errno = saved_errno;
}

static bool set_fd_flag(int fd, int get, int set, int flag) {
  int flags = fcntl(fd, get);
  return flags >= 0 && fcntl(fd, set, flags | flag) == 0;
}

static bool install_signal_handlers(void) {
  if (pipe(stop_pipe) != 0) return false;
  for (int i = 0; i < 2; i++) {
    if (!set_fd_flag(stop_pipe[i], F_GETFL, F_SETFL, O_NONBLOCK) ||
        !set_fd_flag(stop_pipe[i], F_GETFD, F_SETFD, FD_CLOEXEC))
      return false;
  }
  struct sigaction stop;
  memset(&stop, 0, sizeof stop);
  stop.sa_handler = on_stop_signal; /* no SA_RESTART: blocked calls return EINTR */
  sigemptyset(&stop.sa_mask);
  struct sigaction ignore;
  memset(&ignore, 0, sizeof ignore);
  ignore.sa_handler = SIG_IGN; /* a vanished peer shows up as EPIPE instead */
  sigemptyset(&ignore.sa_mask);
  return sigaction(SIGTERM, &stop, NULL) == 0 && sigaction(SIGINT, &stop, NULL) == 0 &&
         sigaction(SIGPIPE, &ignore, NULL) == 0;
}

/* --- socket I/O ------------------------------------------------------------ */

enum io {
  IO_OK,
  IO_EOF,         /* the link ended between messages (or the peer left) */
  IO_TRUNCATED,   /* the link ended inside a message */
  IO_STOP,        /* a stop signal arrived */
  IO_BAD_LENGTH,  /* a length field outside 1..16 MiB */
  IO_ERROR,       /* errno says why */
};

enum wait { WAIT_READY, WAIT_STOP, WAIT_ERROR };

/* Waits until fd has `events` or a stop signal arrives. */
static enum wait wait_for(int fd, short events) {
  struct pollfd fds[2] = {{fd, events, 0}, {stop_pipe[0], POLLIN, 0}};
  for (;;) {
    if (stop_signal) return WAIT_STOP;
    if (poll(fds, 2, -1) < 0) {
      if (errno == EINTR) continue;
      return WAIT_ERROR;
    }
    if (fds[1].revents != 0) return WAIT_STOP;
    if (fds[0].revents != 0) return WAIT_READY; /* errors surface in the next call */
  }
}

/* Reads exactly n bytes. MSG_DONTWAIT (not O_NONBLOCK) keeps the file
 * description as the parent handed it over. */
static enum io receive_exactly(int fd, uint8_t *buffer, size_t n, bool message_start) {
  size_t got = 0;
  while (got < n) {
    if (stop_signal) return IO_STOP;
    ssize_t r = recv(fd, buffer + got, n - got, MSG_DONTWAIT);
    if (r > 0) {
      got += (size_t)r;
    } else if (r == 0 || errno == ECONNRESET) {
      return (got == 0 && message_start) ? IO_EOF : IO_TRUNCATED;
    } else if (errno == EAGAIN || errno == EWOULDBLOCK) {
      enum wait w = wait_for(fd, POLLIN);
      if (w != WAIT_READY) return w == WAIT_STOP ? IO_STOP : IO_ERROR;
    } else if (errno != EINTR) {
      return IO_ERROR;
    }
  }
  return IO_OK;
}

static enum io send_all(int fd, const uint8_t *bytes, size_t n) {
  size_t sent = 0;
  while (sent < n) {
    if (stop_signal) return IO_STOP;
    ssize_t r = send(fd, bytes + sent, n - sent, MSG_DONTWAIT | MSG_NOSIGNAL);
    if (r >= 0) {
      sent += (size_t)r;
    } else if (errno == EPIPE || errno == ECONNRESET) {
      return IO_EOF;
    } else if (errno == EAGAIN || errno == EWOULDBLOCK) {
      enum wait w = wait_for(fd, POLLOUT);
      if (w != WAIT_READY) return w == WAIT_STOP ? IO_STOP : IO_ERROR;
    } else if (errno != EINTR) {
      return IO_ERROR;
    }
  }
  return IO_OK;
}

static uint32_t get_be32(const uint8_t *p) {
  return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static uint16_t get_be16(const uint8_t *p) { return (uint16_t)(p[0] << 8 | p[1]); }

static void put_be32(uint8_t *p, uint32_t v) {
  p[0] = (uint8_t)(v >> 24);
  p[1] = (uint8_t)(v >> 16);
  p[2] = (uint8_t)(v >> 8);
  p[3] = (uint8_t)v;
}

static void put_be16(uint8_t *p, uint16_t v) {
  p[0] = (uint8_t)(v >> 8);
  p[1] = (uint8_t)v;
}

/* One message: the buffer holds the type byte, then the payload. */
struct message {
  uint8_t *buffer;
  size_t capacity;
  uint8_t type;
  const uint8_t *payload;
  size_t length; /* of the payload */
  uint32_t length_field; /* as received, for the bad-length error */
};

/* Reads a whole message before anything acts on it, so a link that dies
 * mid-frame never reaches the canvas. */
static enum io read_message(int fd, struct message *m) {
  uint8_t head[4];
  enum io io = receive_exactly(fd, head, sizeof head, true);
  if (io != IO_OK) return io;
  m->length_field = get_be32(head);
  if (m->length_field < 1 || m->length_field > MAX_MESSAGE_LENGTH) return IO_BAD_LENGTH;
  if (m->length_field > m->capacity) {
    uint8_t *grown = realloc(m->buffer, m->length_field);
    if (grown == NULL) {
      errno = ENOMEM;
      return IO_ERROR;
    }
    m->buffer = grown;
    m->capacity = m->length_field;
  }
  io = receive_exactly(fd, m->buffer, m->length_field, false);
  if (io != IO_OK) return io;
  m->type = m->buffer[0];
  m->payload = m->buffer + 1;
  m->length = m->length_field - 1u;
  return IO_OK;
}

/* --- the session ------------------------------------------------------------ */

struct session {
  int link;
  int width, height; /* the frame size the service sends */
  struct RGBLedMatrixOptions options;
  struct RGBLedRuntimeOptions runtime;
  char *texts[8]; /* strdup'ed option strings, freed after the matrix */
  size_t text_count;
  struct RGBLedMatrix *matrix;
  struct LedCanvas *offscreen; /* the canvas drawn on next */
};

/* Sends one reply: KEEP_SERVING, or the exit status when the link is gone
 * (0: the peer left or a stop signal came; the panel goes dark either way). */
static int reply(struct session *s, uint8_t type, const uint8_t *payload, size_t length) {
  uint8_t out[5 + 512];
  if (length > sizeof out - 5) length = sizeof out - 5;
  put_be32(out, (uint32_t)length + 1u);
  out[4] = type;
  if (length > 0) memcpy(out + 5, payload, length);
  switch (send_all(s->link, out, length + 5)) {
  case IO_OK:
    return KEEP_SERVING;
  case IO_STOP:
    say("stopped by signal %d", (int)stop_signal);
    return 0;
  case IO_ERROR:
    say("writing to the link failed: %s", strerror(errno));
    return EXIT_OS;
  default:
    say("the link closed before the reply was sent");
    return 0;
  }
}

/* Logs the sentence, sends it as ERROR and returns `status` to exit with. */
static int fail(struct session *s, int status, const char *format, ...) {
  char text[512];
  va_list args;
  va_start(args, format);
  vsnprintf(text, sizeof text, format, args);
  va_end(args);
  say("%s", text);
  reply(s, TYPE_ERROR, (const uint8_t *)text, strlen(text));
  return status;
}

/* --- CONFIGURE -------------------------------------------------------------- */

enum kind { INTEGER, SWITCH, NEGATED_SWITCH, TEXT };

struct setting {
  const char *key;
  enum kind kind;
  void *target; /* int *, bool * or const char ** by kind */
  long min, max; /* INTEGER only */
};

static bool parse_integer(const char *text, long min, long max, int *out) {
  if (!(*text == '-' || (*text >= '0' && *text <= '9'))) return false;
  char *end;
  errno = 0;
  long value = strtol(text, &end, 10);
  if (errno != 0 || *end != '\0' || value < min || value > max) return false;
  *out = (int)value;
  return true;
}

/* Stores one key=value; false with the reason in `why`. */
static bool apply_setting(struct session *s, const struct setting *st, const char *value,
                          char *why, size_t why_size) {
  switch (st->kind) {
  case INTEGER:
    if (parse_integer(value, st->min, st->max, st->target)) return true;
    snprintf(why, why_size, "%s must be a whole number from %ld to %ld; got '%.64s'",
             st->key, st->min, st->max, value);
    return false;
  case SWITCH:
  case NEGATED_SWITCH:
    if (strcmp(value, "0") != 0 && strcmp(value, "1") != 0) {
      snprintf(why, why_size, "%s must be 0 or 1; got '%.64s'", st->key, value);
      return false;
    }
    *(bool *)st->target = (value[0] == '1') != (st->kind == NEGATED_SWITCH);
    return true;
  case TEXT:
    if (*value == '\0') return true; /* empty: the library's default (NULL) */
    if (s->text_count == sizeof s->texts / sizeof s->texts[0] ||
        (s->texts[s->text_count] = strdup(value)) == NULL) {
      snprintf(why, why_size, "out of memory");
      return false;
    }
    *(const char **)st->target = s->texts[s->text_count++];
    return true;
  }
  return false;
}

/* Fills the option structs from the key=value lines; false with the reason. */
static bool parse_configuration(struct session *s, const uint8_t *payload, size_t length,
                                char *why, size_t why_size) {
  struct RGBLedMatrixOptions *o = &s->options;
  const struct setting settings[] = {
      {"width", INTEGER, &s->width, 1, 65535},
      {"height", INTEGER, &s->height, 1, 65535},
      {"rows", INTEGER, &o->rows, 0, INT_MAX},
      {"cols", INTEGER, &o->cols, 0, INT_MAX},
      {"chain_length", INTEGER, &o->chain_length, 0, INT_MAX},
      {"parallel", INTEGER, &o->parallel, 0, INT_MAX},
      {"hardware_mapping", TEXT, &o->hardware_mapping, 0, 0},
      {"gpio_slowdown", INTEGER, &s->runtime.gpio_slowdown, -1, INT_MAX},
      {"pwm_bits", INTEGER, &o->pwm_bits, 0, INT_MAX},
      {"pwm_lsb_nanoseconds", INTEGER, &o->pwm_lsb_nanoseconds, 0, INT_MAX},
      {"pwm_dither_bits", INTEGER, &o->pwm_dither_bits, 0, INT_MAX},
      {"brightness", INTEGER, &o->brightness, 1, 100},
      {"scan_mode", INTEGER, &o->scan_mode, 0, INT_MAX},
      {"row_address_type", INTEGER, &o->row_address_type, 0, INT_MAX},
      {"multiplexing", INTEGER, &o->multiplexing, 0, INT_MAX},
      {"led_rgb_sequence", TEXT, &o->led_rgb_sequence, 0, 0},
      {"pixel_mapper", TEXT, &o->pixel_mapper_config, 0, 0},
      {"panel_type", TEXT, &o->panel_type, 0, 0},
      {"hardware_pulse", NEGATED_SWITCH, &o->disable_hardware_pulsing, 0, 0},
      {"limit_refresh_rate_hz", INTEGER, &o->limit_refresh_rate_hz, INT_MIN, INT_MAX},
      {"inverse_colors", SWITCH, &o->inverse_colors, 0, 0},
      {"show_refresh_rate", SWITCH, &o->show_refresh_rate, 0, 0},
  };
  enum { SETTING_COUNT = sizeof settings / sizeof settings[0] };
  bool seen[SETTING_COUNT] = {false};

  if (memchr(payload, '\0', length) != NULL) {
    snprintf(why, why_size, "the CONFIGURE text contains a NUL byte");
    return false;
  }
  char *text = malloc(length + 1);
  if (text == NULL) {
    snprintf(why, why_size, "out of memory");
    return false;
  }
  memcpy(text, payload, length);
  text[length] = '\0';

  bool ok = true;
  for (char *line = text, *next; ok && line != NULL; line = next) {
    next = strchr(line, '\n');
    if (next != NULL) *next++ = '\0';
    if (*line == '\0') continue; /* blank lines, and the end after the last \n */
    char *equals = strchr(line, '=');
    if (equals == NULL) {
      snprintf(why, why_size, "configuration line '%.64s' is not key=value", line);
      ok = false;
      break;
    }
    *equals = '\0';
    size_t i = 0;
    while (i < SETTING_COUNT && strcmp(settings[i].key, line) != 0) i++;
    if (i == SETTING_COUNT) {
      snprintf(why, why_size, "unknown configuration key '%.64s'", line);
      ok = false;
    } else if (seen[i]) {
      snprintf(why, why_size, "configuration key '%s' is given twice", settings[i].key);
      ok = false;
    } else {
      seen[i] = true;
      ok = apply_setting(s, &settings[i], equals + 1, why, why_size);
    }
  }
  free(text);
  if (!ok) return false;

  if (s->width == 0 || s->height == 0) {
    snprintf(why, why_size, "the configuration lacks %s", s->width == 0 ? "width" : "height");
    return false;
  }
  if ((size_t)s->width * (size_t)s->height * 3u + 1u + FRAME_HEADER > MAX_MESSAGE_LENGTH) {
    snprintf(why, why_size, "a %d×%d frame would not fit the 16 MiB message limit",
             s->width, s->height);
    return false;
  }
  return true;
}

static int configure(struct session *s, const struct message *m) {
  char why[400];
  memset(&s->options, 0, sizeof s->options);
  memset(&s->runtime, 0, sizeof s->runtime);
  /* The library's own behaviour: stay in the foreground, leave root once the
   * hardware is set up, initialise the GPIO. */
  s->runtime.daemon = 0;
  s->runtime.drop_privileges = 1;
  s->runtime.do_gpio_init = true;
  if (!parse_configuration(s, m->payload, m->length, why, sizeof why))
    return fail(s, EXIT_BAD_CONFIG, "%s", why);

  s->matrix = led_matrix_create_from_options_and_rt_options(&s->options, &s->runtime);
  if (s->matrix == NULL)
    return fail(s, EXIT_NO_MATRIX,
                "the LED matrix library refused these options (its reason is in the driver's log)");
  s->offscreen = led_matrix_create_offscreen_canvas(s->matrix);
  if (s->offscreen == NULL)
    return fail(s, EXIT_NO_MATRIX, "the LED matrix library could not create a canvas");

  int width = 0, height = 0;
  led_canvas_get_size(s->offscreen, &width, &height);
  if (width != s->width || height != s->height)
    return fail(s, EXIT_BAD_CONFIG, "the options make a %d×%d matrix; the board draws %d×%d",
                width, height, s->width, s->height);

  uint8_t ready[4];
  put_be16(ready, (uint16_t)width);
  put_be16(ready + 2, (uint16_t)height);
  return reply(s, TYPE_READY, ready, sizeof ready);
}

/* --- FRAME, BRIGHTNESS, BLANK ----------------------------------------------- */

static int show_frame(struct session *s, const struct message *m) {
  if (m->length < FRAME_HEADER)
    return fail(s, EXIT_BAD_MESSAGE, "a FRAME needs at least %u bytes (seq, width, height); got %zu",
                FRAME_HEADER, m->length);
  uint32_t seq = get_be32(m->payload);
  unsigned width = get_be16(m->payload + 4), height = get_be16(m->payload + 6);
  if (width != (unsigned)s->width || height != (unsigned)s->height)
    return fail(s, EXIT_BAD_MESSAGE, "FRAME %lu is %u×%u; the driver was configured for %d×%d",
                (unsigned long)seq, width, height, s->width, s->height);
  size_t pixel_bytes = (size_t)width * height * 3u;
  if (m->length - FRAME_HEADER != pixel_bytes)
    return fail(s, EXIT_BAD_MESSAGE, "FRAME %lu carries %zu pixel bytes; %u×%u RGB needs %zu",
                (unsigned long)seq, m->length - FRAME_HEADER, width, height, pixel_bytes);

  set_image(s->offscreen, 0, 0, m->payload + FRAME_HEADER, pixel_bytes, (int)width, (int)height, 0);
  s->offscreen = led_matrix_swap_on_vsync(s->matrix, s->offscreen);
  uint8_t shown[4];
  put_be32(shown, seq);
  return reply(s, TYPE_SHOWN, shown, sizeof shown);
}

static int set_brightness(struct session *s, const struct message *m) {
  if (m->length != 1)
    return fail(s, EXIT_BAD_MESSAGE, "BRIGHTNESS carries 1 byte; got %zu", m->length);
  uint8_t percent = m->payload[0];
  if (percent < 1) percent = 1;
  if (percent > 100) percent = 100;
  led_matrix_set_brightness(s->matrix, percent);
  const uint8_t acknowledged = TYPE_BRIGHTNESS;
  return reply(s, TYPE_OK, &acknowledged, 1);
}

static int blank(struct session *s, const struct message *m) {
  if (m->length != 0)
    return fail(s, EXIT_BAD_MESSAGE, "BLANK carries no payload; got %zu bytes", m->length);
  led_canvas_clear(s->offscreen);
  s->offscreen = led_matrix_swap_on_vsync(s->matrix, s->offscreen);
  const uint8_t acknowledged = TYPE_BLANK;
  return reply(s, TYPE_OK, &acknowledged, 1);
}

static const char *type_name(uint8_t type) {
  switch (type) {
  case TYPE_CONFIGURE: return "CONFIGURE";
  case TYPE_FRAME: return "FRAME";
  case TYPE_BRIGHTNESS: return "BRIGHTNESS";
  case TYPE_BLANK: return "BLANK";
  default: return NULL;
  }
}

static int handle(struct session *s, const struct message *m) {
  const char *name = type_name(m->type);
  if (name == NULL)
    return fail(s, EXIT_BAD_MESSAGE, "unknown message type 0x%02x", m->type);
  if (m->type == TYPE_CONFIGURE)
    return s->matrix == NULL ? configure(s, m)
                             : fail(s, EXIT_BAD_MESSAGE, "CONFIGURE may come only once");
  if (s->matrix == NULL)
    return fail(s, EXIT_BAD_MESSAGE, "the first message must be CONFIGURE; got %s", name);
  switch (m->type) {
  case TYPE_FRAME: return show_frame(s, m);
  case TYPE_BRIGHTNESS: return set_brightness(s, m);
  default: return blank(s, m);
  }
}

/* The panel goes dark and the library lets go of the hardware. */
static void shut_down(struct session *s) {
  if (s->matrix != NULL) {
    if (s->offscreen != NULL) {
      led_canvas_clear(s->offscreen);
      s->offscreen = led_matrix_swap_on_vsync(s->matrix, s->offscreen);
    }
    led_matrix_delete(s->matrix);
    s->matrix = NULL;
  }
  for (size_t i = 0; i < s->text_count; i++) free(s->texts[i]);
  s->text_count = 0;
}

/* Serves one link until it ends; returns the exit status. */
static int serve(int link) {
  struct session s;
  memset(&s, 0, sizeof s);
  s.link = link;
  struct message m;
  memset(&m, 0, sizeof m);
  int status = KEEP_SERVING;
  while (status == KEEP_SERVING) {
    switch (read_message(link, &m)) {
    case IO_OK:
      status = handle(&s, &m);
      break;
    case IO_EOF:
      status = 0;
      break;
    case IO_TRUNCATED:
      say("the link closed in the middle of a message; it was not applied");
      status = 0;
      break;
    case IO_STOP:
      say("stopped by signal %d", (int)stop_signal);
      status = 0;
      break;
    case IO_BAD_LENGTH:
      status = fail(&s, EXIT_BAD_MESSAGE, "a message length must be 1 to %u; got %lu",
                    MAX_MESSAGE_LENGTH, (unsigned long)m.length_field);
      break;
    case IO_ERROR:
      say("reading the link failed: %s", strerror(errno));
      status = EXIT_OS;
      break;
    }
  }
  shut_down(&s);
  free(m.buffer);
  return status;
}

/* --- getting the link ------------------------------------------------------- */

/* Accepts one connection on listener: 0 with *link set, 0 with *link = -1
 * when a stop signal came first, or an exit status. */
static int accept_one(int listener, int *link) {
  *link = -1;
  for (;;) {
    enum wait w = wait_for(listener, POLLIN);
    if (w == WAIT_STOP) {
      say("stopped by signal %d before a connection came", (int)stop_signal);
      return 0;
    }
    if (w == WAIT_ERROR) break;
    int fd = accept(listener, NULL, NULL);
    if (fd >= 0) {
      set_fd_flag(fd, F_GETFD, F_SETFD, FD_CLOEXEC);
      *link = fd;
      return 0;
    }
    if (errno != EINTR && errno != EAGAIN && errno != EWOULDBLOCK && errno != ECONNABORTED) break;
  }
  say("accepting a connection failed: %s", strerror(errno));
  return EXIT_OS;
}

/* --listen PATH: the socket file is removed as soon as the one connection is
 * taken, while the process is still root; the library may drop to another
 * user later and could then no longer remove it. */
static int listen_on_path(const char *path, int *link) {
  *link = -1;
  struct sockaddr_un address;
  memset(&address, 0, sizeof address);
  address.sun_family = AF_UNIX;
  /* Bound under a temporary name and renamed once listening: a client that waits for the
     path to appear never finds it before connect() can succeed. */
  static const char pending_suffix[] = ".pending";
  if (strlen(path) + sizeof pending_suffix > sizeof address.sun_path) {
    say("the socket path is longer than %zu bytes: %s", sizeof address.sun_path - sizeof pending_suffix, path);
    return EXIT_USAGE;
  }
  strcpy(address.sun_path, path);
  strcat(address.sun_path, pending_suffix);

  struct stat st;
  if (lstat(path, &st) == 0) {
    if (!S_ISSOCK(st.st_mode)) {
      say("%s exists and is not a socket; not replacing it", path);
      return EXIT_CANT_CREATE;
    }
    unlink(path); /* a stale socket from an earlier run */
  }
  unlink(address.sun_path); /* a pending one left by a killed run */
  int listener = socket(AF_UNIX, SOCK_STREAM, 0);
  if (listener < 0) {
    say("cannot create a socket: %s", strerror(errno));
    return EXIT_OS;
  }
  set_fd_flag(listener, F_GETFD, F_SETFD, FD_CLOEXEC);
  if (bind(listener, (const struct sockaddr *)&address, sizeof address) != 0 ||
      listen(listener, 1) != 0 || rename(address.sun_path, path) != 0) {
    say("cannot listen on %s: %s", path, strerror(errno));
    unlink(address.sun_path);
    close(listener);
    return EXIT_CANT_CREATE;
  }
  int status = accept_one(listener, link);
  unlink(path);
  close(listener);
  return status;
}

/* systemd socket activation: fd 3 is the listening socket (Accept=no). */
static bool activated_by_systemd(void) {
  const char *pid = getenv("LISTEN_PID");
  const char *fds = getenv("LISTEN_FDS");
  if (pid == NULL || fds == NULL) return false;
  char *end;
  long listen_pid = strtol(pid, &end, 10);
  return *end == '\0' && listen_pid == (long)getpid() && strcmp(fds, "1") == 0;
}

static int accept_activated(int *link) {
  const int listener = 3;
  /* Not for any child process (the library starts none, but be tidy). */
  unsetenv("LISTEN_PID");
  unsetenv("LISTEN_FDS");
  unsetenv("LISTEN_FDNAMES");
  struct stat st;
  if (fstat(listener, &st) != 0 || !S_ISSOCK(st.st_mode)) {
    say("systemd passed fd 3, but it is not a socket");
    *link = -1;
    return EXIT_OS;
  }
  set_fd_flag(listener, F_GETFD, F_SETFD, FD_CLOEXEC);
  int status = accept_one(listener, link);
  close(listener);
  return status;
}

/* --- command line ------------------------------------------------------------ */

static void usage(FILE *out) {
  fprintf(out,
          "Usage: " PROGRAM " --link-fd N\n"
          "       " PROGRAM " --listen PATH\n"
          "       " PROGRAM "                (started by systemd socket activation)\n"
          "Shows departure-board frames on a HUB75 LED matrix (protocol version %d).\n"
          "\n"
          "  --link-fd N     serve the connected socket N (how the sign starts it)\n"
          "  --listen PATH   create a Unix socket at PATH, serve one connection, remove it\n"
          "  --help          show this help\n"
          "  --version       show the protocol version\n",
          PROTOCOL_VERSION);
}

enum mode { MODE_LINK_FD, MODE_LISTEN, MODE_ACTIVATED };

struct start {
  enum mode mode;
  int fd;
  const char *path;
};

/* -1 to go on, else the exit status. */
static int parse_arguments(int argc, char **argv, struct start *start) {
  if (argc == 1) {
    if (activated_by_systemd()) {
      start->mode = MODE_ACTIVATED;
      return -1;
    }
    if (getenv("LISTEN_FDS") != NULL)
      say("socket activation needs exactly one socket for this process (LISTEN_FDS=1)");
    usage(stderr);
    return EXIT_USAGE;
  }
  if (argc == 2 && strcmp(argv[1], "--help") == 0) {
    usage(stdout);
    return 0;
  }
  if (argc == 2 && strcmp(argv[1], "--version") == 0) {
    printf(PROGRAM " %d\n", PROTOCOL_VERSION);
    return 0;
  }
  if (argc == 3 && strcmp(argv[1], "--link-fd") == 0) {
    struct stat st;
    if (!parse_integer(argv[2], 0, INT_MAX, &start->fd) || fstat(start->fd, &st) != 0 ||
        !S_ISSOCK(st.st_mode)) {
      say("--link-fd needs the number of an open, connected socket; got '%s'", argv[2]);
      return EXIT_USAGE;
    }
    set_fd_flag(start->fd, F_GETFD, F_SETFD, FD_CLOEXEC);
    start->mode = MODE_LINK_FD;
    return -1;
  }
  if (argc == 3 && strcmp(argv[1], "--listen") == 0 && argv[2][0] != '\0') {
    start->mode = MODE_LISTEN;
    start->path = argv[2];
    return -1;
  }
  usage(stderr);
  return EXIT_USAGE;
}

/* The fuzz harness (Tests/Fuzz/Targets/HUB75Messages) includes this file to
 * drive serve() and brings its own main. */
#ifndef HUB75_NO_MAIN
int main(int argc, char **argv) {
  struct start start;
  memset(&start, 0, sizeof start);
  int status = parse_arguments(argc, argv, &start);
  if (status >= 0) return status;
  if (!install_signal_handlers()) {
    say("cannot set up signal handling: %s", strerror(errno));
    return EXIT_OS;
  }

  int link = -1;
  switch (start.mode) {
  case MODE_LINK_FD:
    link = start.fd;
    status = 0;
    break;
  case MODE_LISTEN:
    status = listen_on_path(start.path, &link);
    break;
  case MODE_ACTIVATED:
    status = accept_activated(&link);
    break;
  }
  if (link < 0) return status;
  status = serve(link);
  close(link);
  return status;
}
#endif
