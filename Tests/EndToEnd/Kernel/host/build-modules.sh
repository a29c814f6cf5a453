#!/bin/bash
# Builds the test modules against the booted kernel's headers: our SPI recorder, plus
# gpio-sim and irq_sim from Debian's source. irq_to_desc() is not exported in 6.1, so
# irq_sim's one use of it goes through generic_handle_irq() instead.
source "$(dirname "$0")/common.sh"
ABI=$(kernel_abi)
B="$KT_WORK/modules"
rm -rf "$B"; mkdir -p "$B"
cp "$KT_DIR"/modules/Kbuild "$KT_DIR"/modules/*.c "$B"/
cp "$KT_WORK/src/$ABI"/drivers/gpio/{gpio-sim.c,gpiolib.h} "$KT_WORK/src/$ABI"/kernel/irq/irq_sim.c "$B"/
sed -i 's/handle_simple_irq(irq_to_desc(irqnum));/generic_handle_irq(irqnum);/' "$B/irq_sim.c"
printf '\n#include <linux/module.h>\nMODULE_LICENSE("GPL");\n' >> "$B/irq_sim.c"
make -s -C "/lib/modules/$ABI/build" M="$B" modules 2>&1 | grep -v 'Skipping BTF' || true
for m in db_spi_recorder irq_sim gpio-sim; do
  [ -f "$B/$m.ko" ] || { echo "kernel tier: module $m did not build" >&2; exit 1; }
done
