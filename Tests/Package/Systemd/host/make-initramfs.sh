#!/bin/bash
# The initramfs that mounts the guest's root: busybox, guest/init, and the stock modules for
# virtio disks and ext4 with their dependencies (resolved against the downloaded kernel).
#   usage: make-initramfs.sh OUTPUT.cpio.gz
source "$(dirname "$0")/common.sh"
OUTPUT=${1:?output}
ABI=$(kernel_abi)
ROOT="$KT_WORK/systemd-initramfs-root"
rm -rf "$ROOT"
mkdir -p "$ROOT"/{bin,dev,proc,sys,newroot,lib/modules/"$ABI"}
cp /bin/busybox "$ROOT/bin/busybox"
install -m 755 "$ST_DIR/guest/init" "$ROOT/init"
copy_modules "$ROOT" virtio_pci virtio_blk ext4
depmod -b "$ROOT" "$ABI"
(cd "$ROOT" && find . | cpio -o -H newc --quiet | gzip -1 > "$OUTPUT")
rm -rf "$ROOT"
