#!/bin/bash
# Downloads (never installs) Debian's kernel image and the matching source package:
# the image gives vmlinux and stock modules (vfb, i2c-stub, i2c-dev); the source gives
# gpio-sim and irq_sim, which Debian builds =n.
source "$(dirname "$0")/common.sh"
ABI=$(kernel_abi)
cd "$KT_WORK"
# apt-get download runs as the _apt user when it can, which must be able to write here.
mkdir -p downloads && chmod 777 downloads
if [ ! -f "kernel/boot/vmlinuz-$ABI" ]; then
  (cd downloads && apt-get download -q "linux-image-$ABI" >/dev/null)
  rm -rf kernel && dpkg-deb -x downloads/linux-image-"$ABI"_*.deb kernel
  rm -f downloads/linux-image-*.deb
  depmod -b "$KT_WORK/kernel" "$ABI"   # the .deb leaves modules.dep to its postinst
fi
# QEMU boots the ELF vmlinux directly (PVH), skipping the xz decompressor: seconds under TCG.
if [ ! -f kernel/vmlinux ]; then
  python3 - "kernel/boot/vmlinuz-$ABI" kernel/vmlinux <<'PY'
import lzma, sys
data = open(sys.argv[1], "rb").read()
start = data.find(b"\xfd7zXZ\x00")
open(sys.argv[2], "wb").write(lzma.LZMADecompressor(format=lzma.FORMAT_XZ).decompress(data[start:]))
PY
fi
if [ ! -f "src/$ABI/drivers/gpio/gpio-sim.c" ]; then
  version=$(apt-cache policy "linux-image-$ABI" | awk '/Candidate:/ { print $2 }')
  series=$(echo "$ABI" | cut -d. -f1-2)
  (cd downloads && apt-get download -q "linux-source-$series${version:+=$version}" >/dev/null)
  mkdir -p "src/$ABI"
  dpkg-deb --fsys-tarfile downloads/linux-source-"$series"_*.deb \
    | tar -xO --wildcards './usr/src/linux-source-*.tar.xz' | xz -dc -T2 \
    | tar -x -C "src/$ABI" --strip-components=1 --wildcards \
        '*/drivers/gpio/gpio-sim.c' '*/drivers/gpio/gpiolib.h' '*/kernel/irq/irq_sim.c'
  rm -f downloads/linux-source-*.deb
fi
