/* SPDX-License-Identifier: Apache-2.0
 *
 * The corpus replayer's main, for builds without libFuzzer (the normal test
 * run): runs LLVMFuzzerTestOneInput on every FILE, or on every file directly
 * inside a FOLDER, in name order, like the Swift targets' FuzzSupport.replay.
 * A crash or hang (SIGALRM after 10 s) ends the process with that signal.
 */
#define _POSIX_C_SOURCE 200809L

#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int replay_file(const char *path) {
  FILE *file = fopen(path, "rb");
  if (file == NULL) return -1;
  uint8_t *bytes = NULL;
  size_t length = 0, capacity = 0;
  for (;;) {
    if (length == capacity) {
      capacity = capacity * 2 + 4096;
      uint8_t *grown = realloc(bytes, capacity);
      if (grown == NULL) break;
      bytes = grown;
    }
    size_t n = fread(bytes + length, 1, capacity - length, file);
    if (n == 0) break;
    length += n;
  }
  int failed = ferror(file) || bytes == NULL;
  fclose(file);
  if (!failed) {
    alarm(10);
    LLVMFuzzerTestOneInput(bytes, length);
    alarm(0);
  }
  free(bytes);
  return failed ? -1 : 0;
}

static int by_name(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The number of inputs run from `path`, or -1 when one could not be read. */
static long replay(const char *path) {
  struct stat st;
  if (stat(path, &st) != 0) return -1;
  if (!S_ISDIR(st.st_mode)) return replay_file(path) == 0 ? 1 : -1;
  DIR *folder = opendir(path);
  if (folder == NULL) return -1;
  char **names = NULL;
  size_t count = 0;
  for (struct dirent *entry; (entry = readdir(folder)) != NULL;) {
    if (entry->d_name[0] == '.') continue;
    char **grown = realloc(names, (count + 1) * sizeof *names);
    if (grown == NULL) break;
    names = grown;
    names[count] = malloc(strlen(path) + strlen(entry->d_name) + 2);
    if (names[count] == NULL) break;
    sprintf(names[count], "%s/%s", path, entry->d_name);
    count++;
  }
  closedir(folder);
  qsort(names, count, sizeof *names, by_name);
  long replayed = 0;
  for (size_t i = 0; i < count; i++) {
    if (replayed >= 0 && replay_file(names[i]) != 0) {
      fprintf(stderr, "%s: cannot read\n", names[i]);
      replayed = -1;
    } else if (replayed >= 0) {
      replayed++;
    }
    free(names[i]);
  }
  free(names);
  return replayed;
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: %s FILE|FOLDER...\n", argv[0]);
    return 2;
  }
  long total = 0;
  for (int i = 1; i < argc; i++) {
    long replayed = replay(argv[i]);
    if (replayed < 0) {
      fprintf(stderr, "%s: cannot list or read\n", argv[i]);
      return 1;
    }
    total += replayed;
  }
  printf("replayed %ld inputs\n", total);
  return 0;
}
