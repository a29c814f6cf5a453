// One requested GPIO line, over either libgpiod API: 1.x (Debian 12, Raspberry Pi OS
// bookworm) or 2.x (Debian 13, Raspberry Pi OS trixie). Which one is decided when this
// file is compiled, from the gpiod.h it is compiled against; Swift sees only this header.
#ifndef DEPARTURE_BOARD_GPIO_LINE_H
#define DEPARTURE_BOARD_GPIO_LINE_H

#include <stddef.h>
#include <stdint.h>

typedef struct db_gpio_line db_gpio_line;

typedef enum {
    DB_GPIO_OUTPUT = 0,
    DB_GPIO_INPUT = 1,
    DB_GPIO_RISING_EDGES = 2,
    DB_GPIO_FALLING_EDGES = 3,
} db_gpio_mode;

/// Where a request failed, for messages.
typedef enum {
    DB_GPIO_FAILED_OPEN_CHIP = 0,
    DB_GPIO_FAILED_LINE = 1,
    DB_GPIO_FAILED_REQUEST = 2,
} db_gpio_stage;

typedef struct {
    db_gpio_stage stage;
    int error;                 // errno of the failing call
    unsigned int line_count;   // the chip's lines, when the offset was out of range
    char owner[64];            // who holds the line, when the request was refused as busy
} db_gpio_failure;

/// `chip`: a path (/dev/gpiochip0), a name (gpiochip0), a number (0) or a chip label.
/// Returns NULL and fills `failure` when anything fails; nothing stays open then.
db_gpio_line *db_gpio_request(const char *chip, unsigned int offset, db_gpio_mode mode, int initial_value,
                              const char *consumer, db_gpio_failure *failure);

/// 0, or -1 with errno set.
int db_gpio_set(db_gpio_line *line, int value);
/// 0 or 1, or -1 with errno set.
int db_gpio_get(db_gpio_line *line);
/// 1 when an edge event is waiting, 0 after `timeout_ns`, -1 with errno set.
int db_gpio_wait_edge(db_gpio_line *line, int64_t timeout_ns);
/// Reads one edge event: 0 with its kernel timestamp in nanoseconds, or -1 with errno set.
int db_gpio_read_edge(db_gpio_line *line, uint64_t *timestamp_ns);
/// Releases the line and closes its chip. NULL is ignored.
void db_gpio_release(db_gpio_line *line);
/// "1.6.3" or "2.2.1": the libgpiod this program runs with.
const char *db_gpio_library_version(void);
/// 1 or 2: the libgpiod API this program was compiled for.
int db_gpio_api_major(void);

#endif
