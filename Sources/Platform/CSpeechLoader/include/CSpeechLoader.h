#ifndef DB_CSPEECHLOADER_H
#define DB_CSPEECHLOADER_H

#include <stddef.h>
#include <stdint.h>

// espeak-ng, loaded with dlopen on the first text spoken, so that a sign that never speaks
// never maps it (nor its phoneme data). This header does not include espeak-ng's, so Swift
// never sees it; the .c file types its table from <espeak-ng/speak_lib.h> (libespeak-ng-dev
// at build time) and links nothing.
//
// espeak-ng keeps one synthesiser per process (its voice, rate and callback are globals):
// every call below must be serialised by the caller.

/// The library, resolved and initialised for synchronous synthesis.
typedef struct db_speech db_speech;

/// What failed, so the caller can name the Debian package to install.
enum {
    DB_SPEECH_OK = 0,
    /// dlopen or dlsym failed: libespeak-ng1 is missing.
    DB_SPEECH_NO_LIBRARY = 1,
    /// espeak_Initialize failed: its data (espeak-ng-data) is missing.
    DB_SPEECH_NO_DATA = 2,
    /// espeak_SetVoiceByName did not find the voice.
    DB_SPEECH_NO_VOICE = 3,
    /// espeak_Synth or a parameter call failed.
    DB_SPEECH_FAILED = 4,
};

/// dlopen()s `soname`, resolves every function and initialises espeak-ng; call it once per
/// process and keep the table (initialising twice would reset the library's globals). `data_path`: espeak-ng's data folder, NULL for
/// the library's own default. NULL with `*status` and a message in `error` on failure.
const db_speech *db_speech_open(const char *soname, const char *data_path, int *status,
                                char *error, size_t error_size);

/// The sample rate espeak-ng synthesises at (Hz).
int db_speech_sample_rate(const db_speech *speech);

/// Receives each chunk of 16-bit mono samples as espeak-ng produces them.
typedef void (*db_speech_sink)(void *context, const int16_t *samples, int count);

/// Speaks UTF-8 `text` with voice `voice` (an espeak-ng voice name) at `rate` words per
/// minute, handing the samples to `sink`. Returns a DB_SPEECH_ status.
int db_speech_synthesize(const db_speech *speech, const char *voice, int rate, const char *text,
                         void *context, db_speech_sink sink);

#endif
