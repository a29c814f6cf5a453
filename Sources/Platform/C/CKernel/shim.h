#ifndef DEPARTURE_BOARD_CKERNEL_SHIM_H
#define DEPARTURE_BOARD_CKERNEL_SHIM_H

// Swift cannot call the variadic ioctl() nor expand the function-like _IOW/_IOR macros,
// so every ioctl the hardware backends need is wrapped here with a fixed signature.
#include <stdint.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <linux/fb.h>
#include <linux/spi/spidev.h>
#include <signal.h>
#include <sys/ptrace.h>
#include <sys/eventfd.h>
#include <sys/types.h>
#include <spawn.h>
#include <sys/prctl.h>
#include <malloc.h>

/// ioctl with a plain integer argument (I2C_SLAVE takes the address by value).
static inline int ck_ioctl_value(int fd, unsigned long request, unsigned long value) {
    return ioctl(fd, request, value);
}

/// One SPI transfer (SPI_IOC_MESSAGE(1)); returns bytes transferred or -1 with errno.
static inline int ck_spi_message1(int fd, struct spi_ioc_transfer *transfer) {
    return ioctl(fd, SPI_IOC_MESSAGE(1), transfer);
}

static inline int ck_spi_write_mode(int fd, uint8_t mode) {
    return ioctl(fd, SPI_IOC_WR_MODE, &mode);
}

static inline int ck_spi_write_bits_per_word(int fd, uint8_t bits) {
    return ioctl(fd, SPI_IOC_WR_BITS_PER_WORD, &bits);
}

static inline int ck_spi_write_max_speed_hz(int fd, uint32_t hz) {
    return ioctl(fd, SPI_IOC_WR_MAX_SPEED_HZ, &hz);
}

static inline int ck_fb_get_vscreeninfo(int fd, struct fb_var_screeninfo *info) {
    return ioctl(fd, FBIOGET_VSCREENINFO, info);
}

static inline int ck_fb_get_fscreeninfo(int fd, struct fb_fix_screeninfo *info) {
    return ioctl(fd, FBIOGET_FSCREENINFO, info);
}

/// level: FB_BLANK_UNBLANK, FB_BLANK_NORMAL, … FB_BLANK_POWERDOWN.
static inline int ck_fb_blank(int fd, int level) {
    return ioctl(fd, FBIOBLANK, (unsigned long)level);
}

/// mmap's failure value is a macro Swift does not import.
static inline int ck_map_failed(const void *address) {
    return address == MAP_FAILED;
}

// `bench` reads a child's peak memory at its exit through ptrace (variadic, hence these):
// the kernel's ru_maxrss for a spawned child includes its parent's pages at exec time.

/// Traces only the child's exit: it stops once, with its memory still mapped.
static inline long ck_ptrace_seize_exit(pid_t pid) {
    return ptrace(PTRACE_SEIZE, pid, 0, (void *)(unsigned long)PTRACE_O_TRACEEXIT);
}

/// Resumes a stopped tracee, delivering `signal` (0 for none).
static inline long ck_ptrace_continue(pid_t pid, int signal) {
    return ptrace(PTRACE_CONT, pid, 0, (void *)(unsigned long)signal);
}

/// Whether a waitpid status is the exit stop PTRACE_O_TRACEEXIT asked for.
static inline int ck_is_exit_stop(int status) {
    return (status >> 8) == (SIGTRAP | (PTRACE_EVENT_EXIT << 8));
}

/// Closes every descriptor from `from` up in a spawned child (glibc >= 2.34; <spawn.h>
/// declares it only under _GNU_SOURCE, which Swift's Glibc module does not define).
extern int posix_spawn_file_actions_addclosefrom_np(posix_spawn_file_actions_t *actions, int from);
static inline int ck_spawn_close_from(posix_spawn_file_actions_t *actions, int from) {
    return posix_spawn_file_actions_addclosefrom_np(actions, from);
}

/// Every thread allocates from glibc's main arena: without it each thread that allocates gets
/// an arena of its own (up to eight per core), each a heap of its own with pages touched
/// and kept. mallopt is declared in <malloc.h>, which Swift's Glibc module leaves out.
static inline int ck_malloc_one_arena(void) {
    return mallopt(M_ARENA_MAX, 1);
}

/// SIGTERM to this process when the thread that started it ends (prctl is variadic).
static inline int ck_terminate_with_parent(void) {
    return prctl(PR_SET_PDEATHSIG, SIGTERM);
}

#endif
