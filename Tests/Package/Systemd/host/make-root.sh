#!/bin/bash
# The guest's root file system: a minbase Debian with systemd as init, nginx (serves the
# test's timetable on 127.0.0.1) and everything the package Depends on and Recommends (what
# `apt install ./departure-board_*.deb` brings, as the README says), since the VM has no
# network. Cached in $KT_WORK/systemd-root/<key>, the key a hash of suite, mirror and package
# list, so a second run (or another package with the same Depends) skips debootstrap.
#   usage: make-root.sh DEB     prints the root's directory last
source "$(dirname "$0")/common.sh"
DEB=${1:?package}
# Depends without versions, first of each alternative (systemd | systemd-sysusers: systemd).
depends=$( { dpkg-deb -f "$DEB" Depends; echo ,; dpkg-deb -f "$DEB" Recommends; } | tr ',' '\n' | sed -e 's/|.*//' -e 's/(.*)//' -e 's/:any//' \
  | tr -d ' ' | grep -v -e '^$' -e '\$' || true)
packages=$(printf '%s\n' systemd-sysv nginx $depends | sort -u | paste -sd, -)
mirror=$(debian_mirror)
key=$(printf '%s %s %s\n' "$ST_SUITE" "$mirror" "$packages" | sha256sum | cut -c1-16)
ROOT="$KT_WORK/systemd-root/$key"
if [ -f "$ROOT.complete" ]; then
  say "root $key cached ($packages)" >&2
else
  say "debootstrap $ST_SUITE from $mirror with $packages" >&2
  # One root at a time: an older key is a package list no longer asked for.
  rm -rf "$KT_WORK/systemd-root"; mkdir -p "$KT_WORK/systemd-root"
  if ! debootstrap --variant=minbase --include="$packages" "$ST_SUITE" "$ROOT" "$mirror" \
      > "$KT_WORK/systemd-root/debootstrap.log" 2>&1; then
    tail -n 30 "$KT_WORK/systemd-root/debootstrap.log" >&2
    tail -n 30 "$ROOT/debootstrap/debootstrap.log" >&2 2>/dev/null || true
    say "debootstrap failed" >&2; exit 1
  fi
  rm -f "$ROOT"/var/cache/apt/archives/*.deb   # debootstrap keeps them; the VM needs none
  echo "$packages" > "$ROOT.complete"
fi
echo "$ROOT"
