#!/bin/bash
# Makes a debootstrapped root boot quickly as a headless test VM: run on the host against a
# copy of the root (no chroot: only files and links).
#   usage: setup.sh ROOT
set -euo pipefail
ROOT=${1:?root}
here=$(dirname "$0")
echo departure-board-vm > "$ROOT/etc/hostname"
printf '127.0.0.1\tlocalhost\n127.0.1.1\tdeparture-board-vm\n' > "$ROOT/etc/hosts"
# No udev (nothing under test needs it, and its coldplug costs seconds under TCG): the serial
# getty would wait 90 s for a device unit that never comes, so no gettys at all. No network
# either, and the binfmt automount needs autofs, a module this root does not have.
for unit in getty.target systemd-networkd-wait-online.service proc-sys-fs-binfmt_misc.automount; do
  ln -sf /dev/null "$ROOT/etc/systemd/system/$unit"
done
# The journal in memory: faster, and the root's writes are discarded anyway.
mkdir -p "$ROOT/etc/systemd/journald.conf.d"
printf '[Journal]\nStorage=volatile\n' > "$ROOT/etc/systemd/journald.conf.d/volatile.conf"
install -m 644 "$here/db-systemd-test.service" "$ROOT/etc/systemd/system/"
ln -sf /etc/systemd/system/db-systemd-test.service "$ROOT/etc/systemd/system/multi-user.target.wants/"
mkdir -p "$ROOT/payload"
