#!/bin/bash
# Builds the guest's initramfs: busybox, our /init, the stock modules the cases load (with
# their dependencies), the test modules, the release departure-board binary with the shared
# libraries ldd lists, and the payload (cases script, boards, fonts, the zone, the clock).
#   usage: make-initramfs.sh BINARY PAYLOAD_DIR OUTPUT.cpio.gz
source "$(dirname "$0")/common.sh"
BINARY=${1:?binary}; PAYLOAD=${2:?payload dir}; OUTPUT=${3:?output}
ABI=$(kernel_abi)
ROOT="$KT_WORK/initramfs-root"
rm -rf "$ROOT"
mkdir -p "$ROOT"/{bin,dev,proc,sys,tmp,etc,lib/modules/"$ABI"/extra,payload/bin}
cp /bin/busybox "$ROOT/bin/busybox"
install -m 755 "$KT_DIR/guest/init" "$ROOT/init"
copy_modules "$ROOT" vfb i2c-stub i2c-dev configfs virtio_pci 9pnet_virtio 9p snd-aloop
cp "$KT_WORK"/modules/*.ko "$ROOT/lib/modules/$ABI/extra/"
depmod -b "$ROOT" "$ABI"
# The binary and its shared libraries, at the paths the loader expects.
cp "$BINARY" "$ROOT/payload/bin/departure-board"
for lib in $(ldd "$BINARY" | grep -oE '/[^ ]+'); do
  [ -e "$ROOT$lib" ] || { mkdir -p "$ROOT$(dirname "$lib")"; cp -L "$lib" "$ROOT$lib"; }
  # A library found through the binary's rpath (libgpiod 2.x built in the checkout) also goes
  # where the loader looks by default: the guest mounts a tmpfs on /tmp, hiding a checkout there.
  case $lib in
    /lib/*|/lib64/*|/usr/lib/*|/usr/lib64/*) ;;
    *) mkdir -p "$ROOT/usr/lib"; cp -L "$lib" "$ROOT/usr/lib/" ;;
  esac
done
# The voice: what the binary dlopens (ldd does not list it) with what that needs, ALSA's
# configuration, espeak-ng's English data, and arecord to hear what the loopback card played.
MULTIARCH=$(gcc -print-multiarch)
for file in "/usr/lib/$MULTIARCH/libasound.so.2" "/usr/lib/$MULTIARCH/libespeak-ng.so.1" /usr/bin/arecord; do
  for lib in "$file" $(ldd "$file" | grep -oE '/[^ ]+'); do
    [ -e "$ROOT$lib" ] || { mkdir -p "$ROOT$(dirname "$lib")"; cp -L "$lib" "$ROOT$lib"; }
  done
done
mkdir -p "$ROOT/usr/share" "$ROOT/usr/lib/$MULTIARCH/espeak-ng-data"
cp -a /usr/share/alsa "$ROOT/usr/share/"
(cd "/usr/lib/$MULTIARCH/espeak-ng-data" && cp -a phondata phonindex phontab intonations en_dict lang voices \
  "$ROOT/usr/lib/$MULTIARCH/espeak-ng-data/")
# The boards' zone, from the host's tzdata, as ZoneInfo reads it.
mkdir -p "$ROOT/usr/share/zoneinfo/Australia"
cp -L /usr/share/zoneinfo/Australia/Sydney "$ROOT/usr/share/zoneinfo/Australia/"
cp -a "$PAYLOAD"/. "$ROOT/payload/"
(cd "$ROOT" && find . | cpio -o -H newc --quiet | gzip -1 > "$OUTPUT")
