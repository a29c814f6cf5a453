#!/bin/bash
# libgpiod 2.x, as Debian 13 / Raspberry Pi OS trixie ships it, proved on real kernel GPIO:
#   1. Debian trixie's libgpiod source (pinned, checksum checked) is built into .build-libgpiod2.
#   2. The release binary is built against it in a mount namespace where gpiod.h and
#      libgpiod.so are 2.x, as on trixie (the host's own 1.6 files stay untouched outside it).
#   3. The kernel tier runs with that binary: its gpio-sim cases drive D/C, RESET, BUSY and
#      the buttons through the 2.x API, against the same expectations as the 1.x build.
# Needs root (unshare -m, and the kernel tier's own needs). Prints [libgpiod2] lines.
source "$(dirname "$0")/host/common.sh"
if [ "$(uname -m)" != x86_64 ]; then
  echo "[libgpiod2] skipped: the kernel tier runs on x86_64 hosts only"; exit 0
fi
readonly VERSION=2.2.1   # trixie's libgpiod (2.2.1-2+deb13u1)
readonly SHA256=0e948049c309b87c220fb24ee0d605d7cd5b72f22376e608470903fffa2d4b18
readonly URL=http://deb.debian.org/debian/pool/main/libg/libgpiod/libgpiod_$VERSION.orig.tar.xz
readonly WORK=$REPO_DIR/.build-libgpiod2
readonly PREFIX=$WORK/prefix
log() { printf '[libgpiod2] %s\n' "$*"; }
START=$(now)
mkdir -p "$WORK"

if [ ! -e "$PREFIX/lib/libgpiod.so.3" ]; then
  t=$(now)
  [ -s "$WORK/libgpiod.tar.xz" ] || curl -fsSL --retry 3 -o "$WORK/libgpiod.tar.xz" "$URL"
  echo "$SHA256  $WORK/libgpiod.tar.xz" | sha256sum -c --quiet
  rm -rf "$WORK/src" && mkdir -p "$WORK/src"
  tar -xf "$WORK/libgpiod.tar.xz" -C "$WORK/src" --strip-components=1
  (cd "$WORK/src" && ./configure --prefix="$PREFIX" --disable-static --enable-tools=no -q \
     && make -s -j"$(nproc)" && make -s install) > "$WORK/build.log" 2>&1 \
    || { tail -n 30 "$WORK/build.log"; log "building libgpiod $VERSION failed"; exit 1; }
  log "libgpiod $VERSION built ($(elapsed "$t") s)"
fi

t=$(now)
# shellcheck source=Tests/Support/Shell/private-mounts.sh
. "$REPO_DIR/Tests/Support/Shell/private-mounts.sh"
need_private_mounts libgpiod2.sh
multiarch=$(gcc -print-multiarch)
export PREFIX WORK multiarch
if ! unshare -m bash -c '
    set -e
    mount --bind "$PREFIX/include/gpiod.h" /usr/include/gpiod.h
    # The development symlink resolves to the 1.6 file; bound over, -lgpiod finds 2.x (soname libgpiod.so.3).
    mount --bind "$PREFIX/lib/libgpiod.so.3" "/usr/lib/$multiarch/libgpiod.so"
    cd "$0" && swift build -c release --product departure-board --scratch-path "$WORK/swift" \
      -Xlinker -rpath="$PREFIX/lib"' "$REPO_DIR" > "$WORK/swift-build.log" 2>&1; then
  tail -n 40 "$WORK/swift-build.log"; log "the release build against libgpiod $VERSION failed"; exit 1
fi
BINARY=$WORK/swift/release/departure-board
log "release binary against libgpiod $VERSION ready ($(elapsed "$t") s)"

# It must really be the 2.x library the binary loads.
# Read whole first: under pipefail, `ldd | grep -q` fails at random when grep's early exit
# cuts ldd off mid-write (SIGPIPE); a CI run failed so with the library resolving right.
dynamic=$(readelf -d "$BINARY") resolved=$(ldd "$BINARY")
grep -q 'NEEDED.*\[libgpiod\.so\.3\]' <<<"$dynamic" || { log "the binary does not need libgpiod.so.3"; exit 1; }
grep -q "libgpiod.so.3 => $PREFIX/lib/libgpiod.so.3" <<<"$resolved" || { log "libgpiod.so.3 does not resolve to $PREFIX: $(grep libgpiod <<<"$resolved")"; exit 1; }
log "the binary loads $PREFIX/lib/libgpiod.so.3"

status=0
KT_BINARY=$BINARY "$KT_DIR/run.sh" || status=$?
log "wall time $(elapsed "$START") s"
exit $status
