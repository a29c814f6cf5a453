/* SPDX-License-Identifier: Apache-2.0
 *
 * Fuzz target: the bytes a sign could send departure-board-hub75, read and
 * acted on by the driver's own serve() (deploy/hub75/departure-board-hub75.c,
 * included whole) over a socket pair, against the quiet stub of the LED
 * library. Checks the protocol's promises (deploy/hub75/PROTOCOL.md): every
 * message gets exactly one reply, in order, of the right kind; ERROR comes
 * last and only with a failing exit status.
 *
 * Built by build.sh next to this file, as a libFuzzer target (clang,
 * -fsanitize=fuzzer,address) or with replay-main.c as a corpus replayer.
 */
#define HUB75_NO_MAIN
#include "departure-board-hub75.c"

#include <pthread.h>

/* All the driver wrote back; grown by the thread that drains the link. */
struct replies {
  int fd;
  uint8_t *bytes;
  size_t length, capacity;
};

/* Drains the driver's replies until it closes its end, so it never blocks
 * on a full socket while the harness waits for serve() to return. */
static void *drain(void *context) {
  struct replies *r = context;
  for (;;) {
    if (r->capacity - r->length < 4096) {
      size_t capacity = r->capacity * 2 + 65536;
      uint8_t *grown = realloc(r->bytes, capacity);
      if (grown == NULL) abort();
      r->bytes = grown;
      r->capacity = capacity;
    }
    ssize_t n = recv(r->fd, r->bytes + r->length, r->capacity - r->length, 0);
    if (n > 0) {
      r->length += (size_t)n;
    } else if (n == 0 || errno != EINTR) {
      return NULL;
    }
  }
}

#define CHECK(condition)                                                                 \
  do {                                                                                   \
    if (!(condition)) {                                                                  \
      fprintf(stderr, "fuzz-hub75-messages: %s:%d: %s\n", __FILE__, __LINE__, #condition); \
      abort();                                                                           \
    }                                                                                    \
  } while (0)

/* Walks the input's messages beside the replies: each reply answers the next
 * message (or its bad length), and replies stop only at ERROR or where the
 * input runs out of whole messages. */
static void check_replies(const uint8_t *in, size_t in_length, const struct replies *r, int status) {
  size_t at = 0, reply_at = 0;
  bool error_sent = false;
  while (reply_at < r->length) {
    CHECK(!error_sent); /* nothing follows ERROR */
    CHECK(r->length - reply_at >= 5);
    uint32_t length = get_be32(r->bytes + reply_at);
    CHECK(length >= 1 && length <= 1 + 512 && r->length - reply_at - 4 >= length);
    uint8_t type = r->bytes[reply_at + 4];
    const uint8_t *payload = r->bytes + reply_at + 5;
    size_t payload_length = length - 1;
    reply_at += 4 + length;

    /* The message this answers. */
    CHECK(in_length - at >= 4);
    uint32_t field = get_be32(in + at);
    if (field < 1 || field > MAX_MESSAGE_LENGTH) {
      CHECK(type == TYPE_ERROR);
      error_sent = true;
      continue;
    }
    CHECK(in_length - at - 4 >= field);
    uint8_t asked = in[at + 4];
    const uint8_t *asked_payload = in + at + 5;
    at += 4 + field;
    switch (type) {
    case TYPE_ERROR:
      CHECK(payload_length > 0);
      error_sent = true;
      break;
    case TYPE_READY:
      CHECK(asked == TYPE_CONFIGURE && payload_length == 4);
      break;
    case TYPE_SHOWN:
      CHECK(asked == TYPE_FRAME && payload_length == 4 && memcmp(payload, asked_payload, 4) == 0);
      break;
    case TYPE_OK:
      CHECK((asked == TYPE_BRIGHTNESS || asked == TYPE_BLANK) && payload_length == 1 && payload[0] == asked);
      break;
    default:
      CHECK(!"a reply of an unknown type");
    }
  }
  if (error_sent) {
    CHECK(status == EXIT_BAD_MESSAGE || status == EXIT_NO_MATRIX || status == EXIT_BAD_CONFIG);
  } else {
    CHECK(status == 0);
    /* Served to the end: what is left is at most one message cut short. */
    bool whole = in_length - at >= 4 && (get_be32(in + at) < 1 || get_be32(in + at) > MAX_MESSAGE_LENGTH ||
                                         in_length - at - 4 >= get_be32(in + at));
    CHECK(!whole);
  }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  int pair[2];
  CHECK(socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, pair) == 0);
  /* The whole input is queued before the driver reads, then the sign's side
   * stops writing: every read finds data or the end of the link. */
  size_t sent = 0;
  while (sent < size) {
    ssize_t n = send(pair[0], data + sent, size - sent, MSG_DONTWAIT | MSG_NOSIGNAL);
    if (n <= 0) break; /* a full buffer: the rest is cut off, as by a dropped link */
    sent += (size_t)n;
  }
  CHECK(shutdown(pair[0], SHUT_WR) == 0);

  struct replies r = {pair[0], NULL, 0, 0};
  pthread_t drainer;
  CHECK(pthread_create(&drainer, NULL, drain, &r) == 0);
  int status = serve(pair[1]);
  close(pair[1]);
  CHECK(pthread_join(drainer, NULL) == 0);
  close(pair[0]);

  check_replies(data, sent, &r, status);
  free(r.bytes);
  return 0;
}
