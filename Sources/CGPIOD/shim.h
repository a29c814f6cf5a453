// Module map paths are relative to this folder, so the system header is reached through a shim.
// libgpiod v1 API (1.6.x: Debian 12 / Raspberry Pi OS bookworm).
#include <gpiod.h>
