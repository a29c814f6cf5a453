#include "CSpeechLoader.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// espeak-ng's header gives the table its types; nothing is linked: every function is
// reached through dlsym, and __typeof__ does not evaluate (or reference) its operand.
#include <espeak-ng/speak_lib.h>

#include "CLoaderSupport.h"

#define DB_ESPEAK_FUNCTIONS(F)                                                               \
    F(espeak_Initialize) F(espeak_SetSynthCallback) F(espeak_SetVoiceByName)                 \
    F(espeak_SetVoiceByProperties)                                                           \
    F(espeak_SetParameter) F(espeak_Synth)

struct db_speech {
    DB_ESPEAK_FUNCTIONS(DB_LOADER_ENTRY)
    int sample_rate;
};

// espeak-ng's callback takes no context of ours; the chunk's destination for the synthesis
// under way, which the caller's lock keeps to one at a time.
static void *current_context;
static db_speech_sink current_sink;

static int receive(short *samples, int count, espeak_EVENT *events) {
    (void)events;
    if (samples != NULL && count > 0 && current_sink != NULL) {
        current_sink(current_context, (const int16_t *)samples, count);
    }
    return 0;
}

#define DB_RESOLVE(name) DB_LOADER_RESOLVE(speech, handle, soname, "", name)

const db_speech *db_speech_open(const char *soname, const char *data_path, int *status,
                                char *error, size_t error_size) {
    void *handle = db_loader_open(soname);
    if (handle == NULL) {
        const char *why = dlerror();
        snprintf(error, error_size, "%s", why != NULL ? why : soname);
        *status = DB_SPEECH_NO_LIBRARY;
        return NULL;
    }
    struct db_speech *speech = calloc(1, sizeof *speech);
    if (speech == NULL) {
        snprintf(error, error_size, "out of memory");
        *status = DB_SPEECH_FAILED;
        dlclose(handle);
        return NULL;
    }
    // A function missing is the library's fault, as a library missing is.
    *status = DB_SPEECH_NO_LIBRARY;
    DB_ESPEAK_FUNCTIONS(DB_RESOLVE)
    // DONT_EXIT: without it, missing data ends the whole process inside the library.
    int rate = speech->espeak_Initialize(AUDIO_OUTPUT_SYNCHRONOUS, 0, data_path, espeakINITIALIZE_DONT_EXIT);
    if (rate <= 0) {
        *status = DB_SPEECH_NO_DATA;
        DB_LOADER_FAIL("espeak_Initialize failed (%d)", rate);
    }
    speech->sample_rate = rate;
    speech->espeak_SetSynthCallback(receive);
    // The handle stays open: the table points into it for the life of the process.
    *status = DB_SPEECH_OK;
    return speech;
fail:
    free(speech);
    dlclose(handle);
    return NULL;
}

int db_speech_sample_rate(const db_speech *speech) {
    return speech->sample_rate;
}

int db_speech_synthesize(const db_speech *speech, const char *voice, int rate, const char *text,
                         void *context, db_speech_sink sink) {
    // A voice file's name first (`de`, `en-us`); else a language espeak-ng lists (`en-gb`,
    // whose file is `en`), matched on the language alone: no gender or age asked for.
    if (speech->espeak_SetVoiceByName(voice) != EE_OK) {
        espeak_VOICE wanted;
        memset(&wanted, 0, sizeof wanted);
        wanted.languages = voice;
        if (speech->espeak_SetVoiceByProperties(&wanted) != EE_OK) return DB_SPEECH_NO_VOICE;
    }
    if (speech->espeak_SetParameter(espeakRATE, rate, 0) != EE_OK) return DB_SPEECH_FAILED;
    current_context = context;
    current_sink = sink;
    espeak_ERROR result = speech->espeak_Synth(text, strlen(text) + 1, 0, POS_CHARACTER, 0,
                                               espeakCHARS_UTF8, NULL, NULL);
    current_context = NULL;
    current_sink = NULL;
    return result == EE_OK ? DB_SPEECH_OK : DB_SPEECH_FAILED;
}
