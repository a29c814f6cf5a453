#!/bin/bash
# Boots Debian's kernel with the initramfs under QEMU and waits for the guest to power off.
# The results folder is shared read-write over virtio-9p; the guest's output lands in
# RESULTS/guest.log, the kernel console in RESULTS/console.log.
#   usage: boot-vm.sh INITRAMFS RESULTS_DIR
#   env: KT_ACCEL=tcg|kvm (TCG by default: see the README), KT_TIMEOUT (s, default 600)
source "$(dirname "$0")/common.sh"
INITRD=${1:?initramfs}; RESULTS=${2:?results dir}
read -r -a accel <<< "$(qemu_accel)"
set +e
timeout "${KT_TIMEOUT:-600}" qemu-system-x86_64 "${accel[@]}" -machine q35 -smp 2 -m 512 \
  -nodefaults -no-user-config -display none -no-reboot \
  -serial "file:$RESULTS/console.log" -serial "file:$RESULTS/guest.log" \
  -kernel "$KT_WORK/kernel/vmlinux" -initrd "$INITRD" \
  -virtfs "local,path=$RESULTS,mount_tag=results,security_model=none,id=results" \
  -append "console=ttyS0 rdinit=/init panic=-1 quiet loglevel=4 fbcon=map:9 vt.global_cursor_default=0 mitigations=off"
rc=$?
set -e
[ $rc -eq 0 ] || say "qemu exited with $rc (124 = timed out)"
grep -q '^GUEST_EXIT=0' "$RESULTS/guest.log"
