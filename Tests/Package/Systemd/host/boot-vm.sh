#!/bin/bash
# Boots Debian's kernel with the tier's initramfs, the root image (writes discarded:
# snapshot=on) and the payload disk, and waits for the guest to power off. Serial ports:
# ttyS0 the console (console.log), ttyS1 the checks (results.log), ttyS2 the journal on
# failure (journal.log).
#   usage: boot-vm.sh INITRAMFS ROOT_IMAGE PAYLOAD_IMAGE RESULTS_DIR
#   env: KT_ACCEL=tcg|kvm (tcg by default), ST_TIMEOUT (s, default 900)
source "$(dirname "$0")/common.sh"
INITRD=${1:?initramfs}; IMAGE=${2:?root image}; PAYLOAD=${3:?payload image}; RESULTS=${4:?results dir}
read -r -a accel <<< "$(qemu_accel)"
set +e
timeout "${ST_TIMEOUT:-900}" qemu-system-x86_64 "${accel[@]}" -machine q35 -smp 2 -m 1024 \
  -nodefaults -no-user-config -display none -no-reboot \
  -serial "file:$RESULTS/console.log" -serial "file:$RESULTS/results.log" -serial "file:$RESULTS/journal.log" \
  -kernel "$KT_WORK/kernel/vmlinux" -initrd "$INITRD" \
  -drive "file=$IMAGE,format=raw,if=virtio,snapshot=on" \
  -drive "file=$PAYLOAD,format=raw,if=virtio,readonly=on" \
  -append "console=ttyS0 rdinit=/init panic=-1 loglevel=4 mitigations=off"
rc=$?
set -e
[ $rc -eq 0 ] || say "qemu exited with $rc (124 = timed out after ${ST_TIMEOUT:-900} s)"
grep -q '^DONE' "$RESULTS/results.log"
