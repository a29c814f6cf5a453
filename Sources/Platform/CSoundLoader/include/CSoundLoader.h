#ifndef DB_CSOUNDLOADER_H
#define DB_CSOUNDLOADER_H

#include <stddef.h>
#include <stdint.h>

// ALSA's PCM playback, loaded with dlopen the first time a board speaks, so that the boards
// that never speak (most) never map libasound. This header does not include ALSA's, so Swift
// never sees it; the .c file types its table from <alsa/asoundlib.h> (libasound2-dev at
// build time) and links nothing.

/// The loaded library: a table of function pointers, kept for the life of the process.
typedef struct db_sound db_sound;
/// One open playback device.
typedef struct db_pcm db_pcm;

/// dlopen()s libasound.so.2 and resolves every function; NULL with a message in `error`.
const db_sound *db_sound_open(char *error, size_t error_size);

/// Opens `device` (an ALSA name: "default", "hw:1,0", "plughw:CARD=Device") for blocking
/// playback of signed 16-bit little-endian interleaved frames at `rate` Hz, with ALSA's
/// resampling allowed and about `latency_us` of buffer. NULL with ALSA's message in `error`.
db_pcm *db_pcm_open(const db_sound *sound, const char *device, unsigned rate, unsigned channels,
                    unsigned latency_us, char *error, size_t error_size);

/// Writes all `frames` (blocking), recovering from underruns; 0, or -1 with the message.
int db_pcm_write(const db_sound *sound, db_pcm *pcm, const int16_t *samples, size_t frames,
                 char *error, size_t error_size);

/// Fills the last period and one buffer more with silence, waits until everything has been
/// played, then closes the device.
void db_pcm_finish(const db_sound *sound, db_pcm *pcm);

#endif
