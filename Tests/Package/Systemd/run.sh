#!/bin/bash
# The systemd tier: the Debian package's service under a real systemd as PID 1. Boots
# Debian's kernel under QEMU on a debootstrapped Debian 12 root, installs the .deb there with
# apt from a signed repository on the guest's nginx and checks the unit: start (Type=notify),
# the GTFS store, refresh on a new ETag, reload, watchdog, the updater (update, staged
# rollout, rollback, a tampered repository), stop. Prints one line per check, `N passed,
# N failed` and the time of each phase; exits non-zero on any failure or if the VM does not
# finish. Needs root.
#   usage: Tests/Package/Systemd/run.sh [DEB]     (without DEB: deploy/build-package.sh builds it)
#   env: KT_WORK  cache: the kernel, the debootstrapped root, the image (/tmp/departure-board-kernel)
#        KT_ACCEL tcg (default) or kvm;  ST_TIMEOUT the VM's time limit in seconds (900)
#        ST_MIRROR the Debian mirror for debootstrap (default: the one apt uses here)
source "$(dirname "$0")/host/common.sh"
START=$(now)
if [ "$(uname -m)" != x86_64 ]; then
  say "skipped: the systemd tier boots an x86_64 kernel and runs on x86_64 hosts only"
  exit 0
fi
RESULTS="$REPO_DIR/.build/systemd-tier"
PHASES=()
phase() { local took; took=$(elapsed "$2"); say "$1 ($took s)"; PHASES+=("$(printf '%-34s %6s s' "$1" "$took")"); }

t=$(now)
"$KT_DIR/host/install-deps.sh"
# shellcheck source=deploy/packages.sh
. "$REPO_DIR/deploy/packages.sh"
mapfile -t need < <(missing_packages debootstrap e2fsprogs reprepro gnupg)
if [ ${#need[@]} -gt 0 ]; then
  say "installing ${need[*]}"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi
phase "host packages" "$t"
t=$(now); "$KT_DIR/host/fetch-kernel.sh"; phase "kernel $(kernel_abi)" "$t"

t=$(now)
if [ $# -ge 1 ]; then
  DEB=$(readlink -f "$1")
else
  "$REPO_DIR/deploy/prepare.sh" --package
  DEB=$(readlink -f "$("$REPO_DIR/deploy/build-package.sh")")
fi
[ -f "$DEB" ] || { say "no package at $DEB"; exit 66; }
say "package: $DEB"; phase "package" "$t"

t=$(now); ROOT=$("$ST_DIR/host/make-root.sh" "$DEB" | tail -n 1); phase "debootstrap root" "$t"
t=$(now); IMAGE=$("$ST_DIR/host/make-image.sh" "$ROOT" | tail -n 1); phase "root image" "$t"

# What this run brings: the repositories (the package and its later versions), the checks,
# the boards, the two feeds. A small disk of its own, so a new package or check script never
# rebuilds the root image.
t=$(now)
rm -rf "$RESULTS"; mkdir -p "$RESULTS/payload"
"$ST_DIR/host/make-repos.sh" "$DEB" "$RESULTS/payload/repos"
cp "$ST_DIR/guest/checks.sh" "$ST_DIR/guest/update-checks.sh" "$ST_DIR/guest/board.yaml" "$ST_DIR/guest/broken-board.yaml" \
  "$RESULTS/payload/"
python3 "$ST_DIR/host/make-feed.py" "$RESULTS/payload/feed.zip" Central
python3 "$ST_DIR/host/make-feed.py" "$RESULTS/payload/feed2.zip" Refreshed
PAYLOAD="$KT_WORK/systemd-payload.ext4"
rm -f "$PAYLOAD"
mkfs.ext4 -q -F -O ^has_journal -L payload -d "$RESULTS/payload" "$PAYLOAD" \
  "$(( $(du -sm "$RESULTS/payload" | cut -f1) + 16 ))M" > /dev/null
rm -rf "$RESULTS/payload"
"$ST_DIR/host/make-initramfs.sh" "$KT_WORK/systemd-initramfs.cpio.gz"
phase "repositories, payload disk, initramfs" "$t"

# The VM, its check lines shown as they come (the timings are kept for the summary).
t=$(now)
: > "$RESULTS/results.log"
"$ST_DIR/host/boot-vm.sh" "$KT_WORK/systemd-initramfs.cpio.gz" "$IMAGE" "$PAYLOAD" "$RESULTS" &
vm=$!
tail -n +1 -F --pid=$vm "$RESULTS/results.log" 2>/dev/null | grep --line-buffered -v -e '^info  time ' -e '^DONE' || true
vm_ok=0; wait $vm || vm_ok=$?
phase "VM (boot, checks, power off)" "$t"

passed=$(grep -c '^ok ' "$RESULTS/results.log" || true)
failed=$(grep -c '^FAIL ' "$RESULTS/results.log" || true)
if [ $vm_ok -ne 0 ]; then
  say "the guest did not finish its checks; the console's last lines:"
  tail -n 30 "$RESULTS/console.log" || true
  failed=$((failed + 1))
fi
[ -s "$RESULTS/journal.log" ] && say "the guest's journal: $RESULTS/journal.log" || rm -f "$RESULTS/journal.log"

# Where the time went: boot (the kernel reaching the root, systemd reaching the driver), then each check.
sed -n 's/^initramfs: root mounted at uptime \([0-9.]*\) s.*/\1/p' "$RESULTS/console.log" | tr -d '\r' | head -n 1 \
  | awk '{ printf "  %-34s %6.1f s\n", "boot: kernel to root mounted", $1 }'
sed -n 's/^info  test driver started at uptime \([0-9.]*\) s/\1/p' "$RESULTS/results.log" \
  | awk '{ printf "  %-34s %6.1f s\n", "boot: to the test driver (uptime)", $1 }'
sed -n 's/^info  time \([a-z]*\) \([0-9.]*\) s/\1 \2/p' "$RESULTS/results.log" \
  | awk '{ printf "  %-34s %6.1f s\n", "check: " $1, $2 }'
printf '  %s\n' "${PHASES[@]}"
echo "$passed passed, $failed failed"
say "wall time $(elapsed "$START") s; results in $RESULTS"
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
