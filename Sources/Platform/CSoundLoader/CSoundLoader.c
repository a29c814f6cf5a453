#include "CSoundLoader.h"

#include <dlfcn.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

// ALSA's header gives the table its types; nothing is linked: every function is reached
// through dlsym, and __typeof__ does not evaluate (or reference) its operand.
#include <alsa/asoundlib.h>

#include "CLoaderSupport.h"

#define DB_ALSA_FUNCTIONS(F)                                                                 \
    F(snd_pcm_open) F(snd_pcm_set_params) F(snd_pcm_writei) F(snd_pcm_recover)               \
    F(snd_pcm_drain) F(snd_pcm_close) F(snd_strerror) F(snd_lib_error_set_handler) F(snd_pcm_get_params)

struct db_sound {
    DB_ALSA_FUNCTIONS(DB_LOADER_ENTRY)
};

struct db_pcm {
    snd_pcm_t *handle;
    unsigned channels;
    snd_pcm_uframes_t period;
    snd_pcm_uframes_t buffer;
    size_t written;
};

static const char *const soname = "libasound.so.2";

// ALSA prints its own errors on stderr by default; ours carry the same cause and say which
// board setting to fix, once, through the board's log.
static void quiet(const char *file, int line, const char *function, int err, const char *fmt, ...) {
    (void)file; (void)line; (void)function; (void)err; (void)fmt;
}

const db_sound *db_sound_open(char *error, size_t error_size) {
    void *handle = db_loader_open(soname);
    if (handle == NULL) {
        snprintf(error, error_size, "%s", dlerror());
        return NULL;
    }
    struct db_sound *sound = calloc(1, sizeof *sound);
    if (sound == NULL) {
        snprintf(error, error_size, "out of memory");
        dlclose(handle);
        return NULL;
    }
#define DB_RESOLVE(name) DB_LOADER_RESOLVE(sound, handle, soname, "", name)
    DB_ALSA_FUNCTIONS(DB_RESOLVE)
#undef DB_RESOLVE
    sound->snd_lib_error_set_handler(quiet);
    return sound;
fail:
    free(sound);
    dlclose(handle);
    return NULL;
}

db_pcm *db_pcm_open(const db_sound *sound, const char *device, unsigned rate, unsigned channels,
                    unsigned latency_us, char *error, size_t error_size) {
    snd_pcm_t *handle = NULL;
    int rc = sound->snd_pcm_open(&handle, device, SND_PCM_STREAM_PLAYBACK, 0);
    if (rc < 0) {
        snprintf(error, error_size, "cannot open '%s': %s", device, sound->snd_strerror(rc));
        return NULL;
    }
    rc = sound->snd_pcm_set_params(handle, SND_PCM_FORMAT_S16_LE, SND_PCM_ACCESS_RW_INTERLEAVED,
                                   channels, rate, 1, latency_us);
    if (rc < 0) {
        snprintf(error, error_size, "'%s' cannot play %u Hz 16-bit audio: %s", device, rate, sound->snd_strerror(rc));
        sound->snd_pcm_close(handle);
        return NULL;
    }
    struct db_pcm *pcm = calloc(1, sizeof *pcm);
    if (pcm == NULL) {
        snprintf(error, error_size, "out of memory");
        sound->snd_pcm_close(handle);
        return NULL;
    }
    pcm->handle = handle;
    pcm->channels = channels;
    snd_pcm_uframes_t buffer = 0, period = 0;
    if (sound->snd_pcm_get_params(handle, &buffer, &period) == 0) {
        pcm->period = period;
        pcm->buffer = buffer;
    }
    return pcm;
}

int db_pcm_write(const db_sound *sound, db_pcm *pcm, const int16_t *samples, size_t frames,
                 char *error, size_t error_size) {
    size_t done = 0;
    int recoveries = 0;
    while (done < frames) {
        snd_pcm_sframes_t n = sound->snd_pcm_writei(pcm->handle, samples + done * pcm->channels, frames - done);
        if (n >= 0) {
            done += (size_t)n;
            pcm->written += (size_t)n;
            continue;
        }
        // An underrun (-EPIPE), a suspend (-ESTRPIPE) or a signal (-EINTR) is recoverable; a
        // device that keeps failing, or was unplugged (-ENODEV), is not.
        if (recoveries++ < 8 && sound->snd_pcm_recover(pcm->handle, (int)n, 1) == 0) continue;
        snprintf(error, error_size, "playback failed after %zu of %zu frames: %s", done, frames,
                 sound->snd_strerror((int)n));
        return -1;
    }
    return 0;
}

void db_pcm_finish(const db_sound *sound, db_pcm *pcm) {
    // A card plays whole periods: the end of the last one would be whatever the ring buffer
    // held before (a burst of earlier speech). Silence fills it, as aplay does, and then a
    // whole buffer more, so the drain begins after the last word has left: a driver that
    // mishandles the drain's last transfer (snd-aloop 6.1 zeroes its start when one timer
    // tick crosses the end) only touches silence.
    if (pcm->period > 0) {
        size_t pad = (pcm->period - pcm->written % pcm->period) % pcm->period + pcm->buffer;
        int16_t *silence = calloc(pad * pcm->channels, sizeof *silence);
        if (silence != NULL) {
            char ignored[8];
            db_pcm_write(sound, pcm, silence, pad, ignored, sizeof ignored);
            free(silence);
        }
    }
    sound->snd_pcm_drain(pcm->handle);
    sound->snd_pcm_close(pcm->handle);
    free(pcm);
}
