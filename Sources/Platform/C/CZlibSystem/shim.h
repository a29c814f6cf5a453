// Module map header paths are relative to this folder, so zlib.h is reached through a shim.
#include <zlib.h>
