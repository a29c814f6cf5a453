// Module map header paths are relative to this folder, so yaml.h is reached through a shim.
#include <yaml.h>
