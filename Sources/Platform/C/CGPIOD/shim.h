// Module map paths are relative to this folder, so the system header is reached through a shim.
// Either libgpiod API: 1.x (Debian 12) or 2.x (Debian 13); only Sources/Platform/GPIOLine calls it.
#include <gpiod.h>
