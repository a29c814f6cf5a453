// The two libgpiod APIs behind one small interface (see include/gpio_line.h). libgpiod 1.x's
// gpiod.h defines GPIOD_LINE_BULK_MAX_LINES; 2.x removed line bulks and defines no macros
// of its own, so that name tells them apart at compile time.
#define _GNU_SOURCE
#include "gpio_line.h"
#include <gpiod.h>
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static void copy_owner(db_gpio_failure *failure, const char *owner) {
    if (owner) snprintf(failure->owner, sizeof failure->owner, "%s", owner);
}

static void fail(db_gpio_failure *failure, db_gpio_stage stage, int error) {
    failure->stage = stage;
    failure->error = error;
}

#ifdef GPIOD_LINE_BULK_MAX_LINES
// ---- libgpiod 1.x -------------------------------------------------------------------

struct db_gpio_line {
    struct gpiod_chip *chip;
    struct gpiod_line *line;
};

db_gpio_line *db_gpio_request(const char *chip_name, unsigned int offset, db_gpio_mode mode, int initial_value,
                              const char *consumer, db_gpio_failure *failure) {
    memset(failure, 0, sizeof *failure);
    // A path is opened as given, so its own error (ENOTTY for a file that is no chip) is
    // reported; names, numbers and labels are looked up.
    struct gpiod_chip *chip = strchr(chip_name, '/') ? gpiod_chip_open(chip_name) : gpiod_chip_open_lookup(chip_name);
    if (!chip) { fail(failure, DB_GPIO_FAILED_OPEN_CHIP, errno); return NULL; }
    struct gpiod_line *line = gpiod_chip_get_line(chip, offset);
    if (!line) {
        fail(failure, DB_GPIO_FAILED_LINE, errno);
        failure->line_count = gpiod_chip_num_lines(chip);
        gpiod_chip_close(chip);
        return NULL;
    }
    int status;
    switch (mode) {
    case DB_GPIO_OUTPUT: status = gpiod_line_request_output(line, consumer, initial_value ? 1 : 0); break;
    case DB_GPIO_INPUT: status = gpiod_line_request_input(line, consumer); break;
    case DB_GPIO_RISING_EDGES: status = gpiod_line_request_rising_edge_events(line, consumer); break;
    default: status = gpiod_line_request_falling_edge_events(line, consumer); break;
    }
    if (status != 0) {
        fail(failure, DB_GPIO_FAILED_REQUEST, errno);
        copy_owner(failure, gpiod_line_consumer(line));
        gpiod_chip_close(chip);
        return NULL;
    }
    db_gpio_line *result = calloc(1, sizeof *result);
    if (!result) { gpiod_line_release(line); gpiod_chip_close(chip); fail(failure, DB_GPIO_FAILED_REQUEST, ENOMEM); return NULL; }
    result->chip = chip;
    result->line = line;
    return result;
}

int db_gpio_set(db_gpio_line *line, int value) { return gpiod_line_set_value(line->line, value ? 1 : 0) < 0 ? -1 : 0; }

int db_gpio_get(db_gpio_line *line) { return gpiod_line_get_value(line->line); }

int db_gpio_wait_edge(db_gpio_line *line, int64_t timeout_ns) {
    struct timespec limit = { .tv_sec = timeout_ns / 1000000000, .tv_nsec = timeout_ns % 1000000000 };
    return gpiod_line_event_wait(line->line, &limit);
}

int db_gpio_read_edge(db_gpio_line *line, uint64_t *timestamp_ns) {
    struct gpiod_line_event event;
    if (gpiod_line_event_read(line->line, &event) != 0) return -1;
    *timestamp_ns = (uint64_t)event.ts.tv_sec * 1000000000u + (uint64_t)event.ts.tv_nsec;
    return 0;
}

void db_gpio_release(db_gpio_line *line) {
    if (!line) return;
    gpiod_line_release(line->line);
    gpiod_chip_close(line->chip);  // also frees the line object
    free(line);
}

const char *db_gpio_library_version(void) { return gpiod_version_string(); }

int db_gpio_api_major(void) { return 1; }

#else
// ---- libgpiod 2.x -------------------------------------------------------------------

struct db_gpio_line {
    struct gpiod_chip *chip;
    struct gpiod_line_request *request;
    struct gpiod_edge_event_buffer *events;
    unsigned int offset;
};

// 2.x opens chips by path only; 1.x also took names, numbers and labels, and board files
// written for it must keep working.
static struct gpiod_chip *open_chip(const char *name) {
    char path[300];
    if (strchr(name, '/')) return gpiod_chip_open(name);
    size_t digits = strspn(name, "0123456789");
    if (name[0] && !name[digits]) {
        snprintf(path, sizeof path, "/dev/gpiochip%s", name);
        return gpiod_chip_open(path);
    }
    if (strncmp(name, "gpiochip", 8) == 0) {
        snprintf(path, sizeof path, "/dev/%s", name);
        struct gpiod_chip *chip = gpiod_chip_open(path);
        if (chip || errno != ENOENT) return chip;
    }
    DIR *dev = opendir("/dev");
    if (!dev) return NULL;
    struct dirent *entry;
    while ((entry = readdir(dev))) {
        if (strncmp(entry->d_name, "gpiochip", 8) != 0) continue;
        snprintf(path, sizeof path, "/dev/%s", entry->d_name);
        struct gpiod_chip *chip = gpiod_chip_open(path);
        if (!chip) continue;
        struct gpiod_chip_info *info = gpiod_chip_get_info(chip);
        int match = info && strcmp(gpiod_chip_info_get_label(info), name) == 0;
        if (info) gpiod_chip_info_free(info);
        if (match) { closedir(dev); return chip; }
        gpiod_chip_close(chip);
    }
    closedir(dev);
    errno = ENOENT;
    return NULL;
}

db_gpio_line *db_gpio_request(const char *chip_name, unsigned int offset, db_gpio_mode mode, int initial_value,
                              const char *consumer, db_gpio_failure *failure) {
    memset(failure, 0, sizeof *failure);
    struct gpiod_chip *chip = open_chip(chip_name);
    if (!chip) { fail(failure, DB_GPIO_FAILED_OPEN_CHIP, errno); return NULL; }
    struct gpiod_chip_info *info = gpiod_chip_get_info(chip);
    unsigned int count = info ? (unsigned int)gpiod_chip_info_get_num_lines(info) : 0;
    if (info) gpiod_chip_info_free(info);
    if (offset >= count) {
        fail(failure, DB_GPIO_FAILED_LINE, EINVAL);
        failure->line_count = count;
        gpiod_chip_close(chip);
        return NULL;
    }
    struct gpiod_line_settings *settings = gpiod_line_settings_new();
    struct gpiod_line_config *lines = gpiod_line_config_new();
    struct gpiod_request_config *config = gpiod_request_config_new();
    struct gpiod_line_request *request = NULL;
    int error = ENOMEM;
    if (settings && lines && config) {
        switch (mode) {
        case DB_GPIO_OUTPUT:
            gpiod_line_settings_set_direction(settings, GPIOD_LINE_DIRECTION_OUTPUT);
            gpiod_line_settings_set_output_value(settings, initial_value ? GPIOD_LINE_VALUE_ACTIVE : GPIOD_LINE_VALUE_INACTIVE);
            break;
        case DB_GPIO_INPUT:
            gpiod_line_settings_set_direction(settings, GPIOD_LINE_DIRECTION_INPUT);
            break;
        default:
            gpiod_line_settings_set_direction(settings, GPIOD_LINE_DIRECTION_INPUT);
            gpiod_line_settings_set_edge_detection(settings, mode == DB_GPIO_RISING_EDGES ? GPIOD_LINE_EDGE_RISING : GPIOD_LINE_EDGE_FALLING);
            break;
        }
        gpiod_request_config_set_consumer(config, consumer);
        if (gpiod_line_config_add_line_settings(lines, &offset, 1, settings) == 0) {
            request = gpiod_chip_request_lines(chip, config, lines);
        }
        error = errno;
    }
    gpiod_line_settings_free(settings);
    gpiod_line_config_free(lines);
    gpiod_request_config_free(config);
    if (!request) {
        fail(failure, DB_GPIO_FAILED_REQUEST, error);
        struct gpiod_line_info *line_info = gpiod_chip_get_line_info(chip, offset);
        if (line_info) {
            if (gpiod_line_info_is_used(line_info)) copy_owner(failure, gpiod_line_info_get_consumer(line_info));
            gpiod_line_info_free(line_info);
        }
        gpiod_chip_close(chip);
        return NULL;
    }
    db_gpio_line *result = calloc(1, sizeof *result);
    struct gpiod_edge_event_buffer *events = mode >= DB_GPIO_RISING_EDGES ? gpiod_edge_event_buffer_new(1) : NULL;
    if (!result || (mode >= DB_GPIO_RISING_EDGES && !events)) {
        free(result);
        gpiod_edge_event_buffer_free(events);
        gpiod_line_request_release(request);
        gpiod_chip_close(chip);
        fail(failure, DB_GPIO_FAILED_REQUEST, ENOMEM);
        return NULL;
    }
    result->chip = chip;
    result->request = request;
    result->events = events;
    result->offset = offset;
    return result;
}

int db_gpio_set(db_gpio_line *line, int value) {
    return gpiod_line_request_set_value(line->request, line->offset,
                                        value ? GPIOD_LINE_VALUE_ACTIVE : GPIOD_LINE_VALUE_INACTIVE) < 0 ? -1 : 0;
}

int db_gpio_get(db_gpio_line *line) {
    enum gpiod_line_value value = gpiod_line_request_get_value(line->request, line->offset);
    if (value == GPIOD_LINE_VALUE_ERROR) return -1;
    return value == GPIOD_LINE_VALUE_ACTIVE ? 1 : 0;
}

int db_gpio_wait_edge(db_gpio_line *line, int64_t timeout_ns) {
    return gpiod_line_request_wait_edge_events(line->request, timeout_ns);
}

int db_gpio_read_edge(db_gpio_line *line, uint64_t *timestamp_ns) {
    int count = gpiod_line_request_read_edge_events(line->request, line->events, 1);
    if (count < 0) return -1;
    if (count == 0) { errno = EAGAIN; return -1; }
    *timestamp_ns = gpiod_edge_event_get_timestamp_ns(gpiod_edge_event_buffer_get_event(line->events, 0));
    return 0;
}

void db_gpio_release(db_gpio_line *line) {
    if (!line) return;
    gpiod_line_request_release(line->request);
    gpiod_edge_event_buffer_free(line->events);
    gpiod_chip_close(line->chip);
    free(line);
}

const char *db_gpio_library_version(void) { return gpiod_api_version(); }

int db_gpio_api_major(void) { return 2; }
#endif
