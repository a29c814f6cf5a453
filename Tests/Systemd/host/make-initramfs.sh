#!/bin/bash
# The initramfs that mounts the guest's root: busybox, guest/init, and the stock modules for
# virtio disks and ext4 with their dependencies (resolved against the downloaded kernel).
#   usage: make-initramfs.sh OUTPUT.cpio.gz
source "$(dirname "$0")/common.sh"
OUTPUT=${1:?output}
ABI=$(kernel_abi)
K="$KT_WORK/kernel"
ROOT="$KT_WORK/systemd-initramfs-root"
rm -rf "$ROOT"
mkdir -p "$ROOT"/{bin,dev,proc,sys,newroot,lib/modules/"$ABI"}
cp /bin/busybox "$ROOT/bin/busybox"
install -m 755 "$ST_DIR/guest/init" "$ROOT/init"
for module in virtio_pci virtio_blk ext4; do
  modprobe -d "$K" -S "$ABI" --show-depends "$module" | awk '$1 == "insmod" { print $2 }'
done | sort -u | while read -r file; do
  rel="${file#"$K"/}"; mkdir -p "$ROOT/$(dirname "$rel")"; cp "$file" "$ROOT/$rel"
done
cp "$K/lib/modules/$ABI"/modules.{order,builtin,builtin.modinfo} "$ROOT/lib/modules/$ABI/"
depmod -b "$ROOT" "$ABI"
(cd "$ROOT" && find . | cpio -o -H newc --quiet | gzip -1 > "$OUTPUT")
rm -rf "$ROOT"
