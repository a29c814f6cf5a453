#!/bin/bash
# The kernel tier: the release departure-board binary against real Linux drivers in a QEMU
# VM (vfb at 16 and 32 bpp, i2c-stub, spidev on our recording controller, gpio-sim for
# D/C, RESET and BUSY). Prints one line per check and `N passed, N failed`; exits non-zero
# on any failure. Needs root (apt, and nothing else privileged on the host).
#   env: KT_WORK   cache for the kernel, its source and module builds (/tmp/departure-board-kernel)
#        KT_BINARY use this departure-board instead of building the release binary
#        KT_ACCEL  tcg (default) or kvm;  KT_TIMEOUT  VM time limit in seconds (600)
#        KT_FIGURES=1 also measure CPU and memory with and without a light sensor
source "$(dirname "$0")/host/common.sh"
START=$(now)
if [ "$(uname -m)" != x86_64 ]; then
  # The recipe boots Debian's amd64 kernel; on an arm64 Pi that would be full emulation.
  say "skipped: the kernel tier boots an x86_64 kernel and runs on x86_64 hosts only"
  exit 0
fi
RESULTS="$REPO_DIR/.build/kernel-tier"
NOW_AT="2026-11-23T08:41:00+11:00"   # a Monday morning in the boards' zone, Australia/Sydney

step() { say "$1 ($(elapsed "$2") s)"; }
t=$(now); "$KT_DIR/host/install-deps.sh"; step "host packages ready" "$t"
t=$(now); "$KT_DIR/host/fetch-kernel.sh"; step "kernel $(kernel_abi) ready" "$t"
t=$(now); "$KT_DIR/host/build-modules.sh"; step "modules built" "$t"

t=$(now)
if [ -n "${KT_BINARY:-}" ]; then
  BINARY=$KT_BINARY
else
  if ! (cd "$REPO_DIR" && swift build -c release --product departure-board > "$KT_WORK/build.log" 2>&1); then
    tail -n 40 "$KT_WORK/build.log"; say "the release build failed"; exit 1
  fi
  BINARY="$REPO_DIR/.build/release/departure-board"
fi
step "release binary ready" "$t"

# What the kernel should see: the same boards rendered on the host at the same instant,
# as images (framebuffer) and as bus traces (panels). Device paths do not reach the trace.
t=$(now)
rm -rf "$RESULTS"; mkdir -p "$RESULTS"/{expected,payload/bin,payload/boards,payload/Fonts,guest}
for board in "$KT_DIR"/boards/*.yaml; do
  sed -e 's|@I2C_DEVICE@|/dev/i2c-0|' -e 's|@I2C_BUS@|0|' -e 's|@GPIO_CHIP@|gpiochip0|' -e 's|@BUSY_TIMEOUT@|20s|' \
    "$board" > "$RESULTS/expected/${board##*/}"
done
# Boards find the bundled fonts at ../Fonts, on the host and in the guest alike.
mkdir -p "$RESULTS/Fonts"
cp "$REPO_DIR"/Fonts/*.bdf "$RESULTS/Fonts/"
cp "$REPO_DIR"/Fonts/*.bdf "$RESULTS/payload/Fonts/"
"$BINARY" render --board "$RESULTS/expected/fbdev.yaml" --now "$NOW_AT" --output "$RESULTS/expected/fbdev.ppm"
for panel in ssd1306 sh1106 ht16k33 ssd1322 max7219 ssd1680 uc8179; do
  "$BINARY" render --board "$RESULTS/expected/$panel.yaml" --now "$NOW_AT" \
    --output "$RESULTS/expected/$panel.png" --trace "$RESULTS/expected/$panel.trace.jsonl"
done
cp "$KT_DIR"/guest/cases.sh "$RESULTS/payload/"
gcc -static -O2 -Wall -o "$RESULTS/payload/bin/fbinfo" "$KT_DIR/guest/fbinfo.c"
cp "$KT_DIR"/boards/*.yaml "$RESULTS/payload/boards/"
# Departures every two minutes on whole minutes, all day: the buttons case needs a board
# that changes only on the minute (the demo source's realtime seconds move it any time).
python3 - "$RESULTS/payload/boards/buttons-departures.json" <<'PY'
import json, sys
rows = [{"trip_id": f"k{n}", "route_short_name": "T1", "headsign": "Hornsby", "scheduled_time_secs": secs,
         "realtime_time_secs": secs, "delay_s": 0, "realtime": False}
        for n, secs in enumerate(range(0, 30 * 3600, 120))]
json.dump({"data": rows}, open(sys.argv[1], "w"))
PY
echo "$NOW_AT" > "$RESULTS/payload/now"
[ "${KT_FIGURES:-0}" = 1 ] && touch "$RESULTS/payload/figures"
"$KT_DIR/host/make-initramfs.sh" "$BINARY" "$RESULTS/payload" "$KT_WORK/initramfs.cpio.gz"
step "expectations and initramfs ($(du -h "$KT_WORK/initramfs.cpio.gz" | cut -f1)) ready" "$t"

t=$(now)
vm_ok=0
"$KT_DIR/host/boot-vm.sh" "$KT_WORK/initramfs.cpio.gz" "$RESULTS/guest" || vm_ok=$?
step "VM finished" "$t"
[ $vm_ok -eq 0 ] || { say "the guest did not finish its cases; its output:"; tail -n 30 "$RESULTS/guest/guest.log" || true; }

status=0
python3 "$KT_DIR/check/verdict.py" "$RESULTS/guest" "$RESULTS/expected" || status=$?
[ $vm_ok -eq 0 ] || status=1
say "wall time $(elapsed "$START") s"
exit $status
