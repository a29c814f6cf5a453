#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# Builds and installs the HUB75 LED matrix driver on a Raspberry Pi:
#
#   sudo deploy/hub75/install-hub75.sh [--prefix /usr/local] [--src /usr/local/src]
#   sudo deploy/hub75/install-hub75.sh --blacklist-sound      # Pi 1-4 hardware pulsing
#   deploy/hub75/install-hub75.sh --dry-run                   # print the steps only
#
# Steps: apt packages (git, build-essential); hzeller/rpi-rgb-led-matrix cloned
# into SRC and checked out at a pinned commit; its library built (make -C lib);
# departure-board-hub75 built against it and installed to
# PREFIX/libexec/departure-board/; the systemd socket and service and the udev
# rule for /dev/pio0 installed; udev and systemd reloaded; the socket enabled.
# Safe to run again. See README.md in this folder.
#
# What the library needs for the Raspberry Pi 5 (from its lib/rp1/ sources,
# its Makefile and PR #1886, which added the Pi 5 backends):
#   * Raspberry Pi's piolib is vendored under lib/rp1/, so `make -C lib` needs
#     nothing beyond build-essential (no cmake, no separate piolib package).
#   * That vendored piolib uses unnamed function parameters, which GCC 10
#     (Debian 11 "bullseye") rejects: build on Raspberry Pi OS "bookworm"
#     (GCC 12) or later.
#   * The default Pi 5 backend at the pinned commit drives RP1's PIO block
#     through /dev/pio0 (kernel driver rp1-pio, in current Raspberry Pi OS
#     kernels with current firmware) and aborts when it cannot open it. The
#     opt-in RIO backend maps /dev/gpiomem0 (or /dev/mem) instead.
#   * lib/Makefile compiles with -march=native: build on the Pi that runs it.
# On Pi 1-4 hardware pulsing uses the PWM block that the on-board sound driver
# (snd_bcm2835) also uses; the library refuses to start while that module is
# loaded unless the board sets hardware_pulse: false. --blacklist-sound turns the module off.
set -euo pipefail

readonly LIBRARY_URL=https://github.com/hzeller/rpi-rgb-led-matrix
# The pinned library commit. Chosen as the commit that the code index holds
# for lib/rp1/ (rp1_pio_backend.cc, rp1_rio_backend.cc and .h: the Pi 5 RP1
# backends merged with PR #1886 in April 2026); downstream projects name the
# same commit (8907235) as upstream master after that merge. Before moving it,
# check that lib/rp1/ is still there and compare include/led-matrix-c.h with
# Tests/EndToEnd/HUB75/stub/led-matrix-c.h (in June 2026 the Pi 5 backend switch in
# RGBLedRuntimeOptions was renamed rp1_rio -> rp1_pio and its default flipped).
readonly LIBRARY_COMMIT=89072356305e272c2b1af32b8377a274df3d6d9f

readonly SERVICE_GROUP=departure-board
readonly UNIT_DIR=/etc/systemd/system
readonly UDEV_RULE_DIR=/etc/udev/rules.d
readonly SOUND_BLACKLIST=/etc/modprobe.d/blacklist-rgb-matrix.conf
readonly SOCKET_UNIT=departure-board-hub75.socket
readonly SERVICE_UNIT=departure-board-hub75.service
readonly UDEV_RULE=60-departure-board-pio.rules
readonly BUILD_PACKAGES=(git build-essential)

here=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=deploy/packages.sh
. "$here/../packages.sh"

prefix=/usr/local
src_parent=/usr/local/src
dry_run=no
blacklist_sound=no

usage() {
    cat <<EOF
Usage: deploy/hub75/install-hub75.sh [OPTIONS]

Builds hzeller's rpi-rgb-led-matrix (pinned at ${LIBRARY_COMMIT:0:12}) and the
departure-board-hub75 driver, and installs the driver with its systemd socket,
service and udev rule. Run as root on the Raspberry Pi that drives the panel.

Options:
  --prefix DIR        Install under DIR (default /usr/local):
                      DIR/libexec/departure-board/departure-board-hub75 and
                      DIR/share/doc/departure-board/hub75/.
  --src DIR           Clone the library into DIR/rpi-rgb-led-matrix
                      (default /usr/local/src).
  --blacklist-sound   Write $SOUND_BLACKLIST so the on-board sound
                      module (snd_bcm2835) no longer loads: Pi 1-4 need that for
                      hardware pulsing. Takes effect after a reboot.
  --dry-run           Print the steps instead of running them (no root needed).
  -h, --help          Show this help.
EOF
}

say()  { printf '==> %s\n' "$*"; }
warn() { printf 'warning: %s\n' "$*" >&2; }
die()  { printf 'error: %s\n' "$*" >&2; exit 1; }

# Runs a command, or prints it under --dry-run.
run() {
    if [[ $dry_run == yes ]]; then
        printf '+'; printf ' %q' "$@"; printf '\n'
    else
        "$@"
    fi
}

# Runs a command with its output going to FILE (made MODE), or prints it under --dry-run.
run_to() {
    local file=$1 mode=$2; shift 2
    if [[ $dry_run == yes ]]; then
        printf '+'; printf ' %q' "$@"; printf ' > %q\n' "$file"
    else
        "$@" >"$file.new"
        chmod "$mode" "$file.new"
        mv -f "$file.new" "$file"
    fi
}

# Writes stdin to FILE with MODE, or prints it under --dry-run.
write_file() {
    local file=$1 mode=$2 text
    text=$(cat)
    if [[ $dry_run == yes ]]; then
        printf '+ write %q (mode %s):\n%s\n' "$file" "$mode" "$text" | sed '2,$s/^/|   /'
    else
        install -d "$(dirname -- "$file")"
        printf '%s\n' "$text" >"$file.new"
        chmod "$mode" "$file.new"
        mv -f "$file.new" "$file"
    fi
}

parse_args() {
    while (($#)); do
        case $1 in
            --prefix)          [[ $# -ge 2 ]] || die "--prefix needs a directory"; prefix=$2; shift ;;
            --prefix=*)        prefix=${1#*=} ;;
            --src)             [[ $# -ge 2 ]] || die "--src needs a directory"; src_parent=$2; shift ;;
            --src=*)           src_parent=${1#*=} ;;
            --blacklist-sound) blacklist_sound=yes ;;
            --dry-run)         dry_run=yes ;;
            -h|--help)         usage; exit 0 ;;
            *)                 usage >&2; printf '\nerror: unknown option: %s\n' "$1" >&2; exit 2 ;;
        esac
        shift
    done
    local name dir
    for name in prefix src_parent; do
        dir=${!name}
        [[ $dir == /* ]] || die "--${name%_parent} must be an absolute path (got '$dir')"
        # The prefix is substituted into the service file with sed.
        [[ $dir =~ ^[A-Za-z0-9/._+-]+$ ]] || die "--${name%_parent} may only contain letters, digits and / . _ + - (got '$dir')"
    done
    prefix=${prefix%/}
    [[ -n $prefix ]] || die "--prefix / is not supported; use /usr or /usr/local"
}

check_root() {
    if [[ $(id -u) -ne 0 ]]; then
        if [[ $dry_run == yes ]]; then
            warn "not root; fine for --dry-run, a real run needs sudo"
        else
            die "run as root, e.g.: sudo $0 $*"
        fi
    fi
}

# The board model, for the notes at the end ("" when unknown).
board_model() {
    if [[ -r /proc/device-tree/model ]]; then tr -d '\0' </proc/device-tree/model; fi
}

is_pi5() { [[ $(board_model) == *"Raspberry Pi 5"* || $(board_model) == *"Compute Module 5"* ]]; }

check_compiler() {
    local major
    major=$(gcc -dumpversion 2>/dev/null | cut -d. -f1 || true)
    if [[ -n $major && $major -lt 11 ]]; then
        warn "GCC $major is too old for the library's vendored piolib (needs 11 or later, e.g. Raspberry Pi OS bookworm)"
    fi
}

install_build_packages() {
    if ! command -v dpkg-query >/dev/null 2>&1; then
        warn "dpkg-query not found: install these yourself: ${BUILD_PACKAGES[*]}"
        return
    fi
    local missing=()
    mapfile -t missing < <(missing_packages "${BUILD_PACKAGES[@]}")
    if ((${#missing[@]} == 0)); then
        say "Build packages already installed: ${BUILD_PACKAGES[*]}"
        return
    fi
    say "Installing build packages: ${missing[*]}"
    run apt-get update
    run apt-get install -y --no-install-recommends "${missing[@]}"
}

# Clones the library (or reuses an earlier clone) and checks out the pinned commit.
fetch_library() {
    local checkout=$1
    if [[ -d $checkout/.git ]]; then
        local origin
        origin=$(git -C "$checkout" remote get-url origin 2>/dev/null || true)
        [[ ${origin%.git} == "$LIBRARY_URL" ]] ||
            die "$checkout is a clone of '$origin', not $LIBRARY_URL; move it away or use --src"
        say "Updating the library clone in $checkout"
        run git -C "$checkout" fetch --quiet origin
    elif [[ -e $checkout ]]; then
        die "$checkout exists and is not a git clone; move it away or use --src"
    else
        say "Cloning $LIBRARY_URL into $checkout"
        run install -d "$(dirname -- "$checkout")"
        run git clone --quiet "$LIBRARY_URL" "$checkout"
    fi
    say "Checking out the pinned commit $LIBRARY_COMMIT"
    run git -C "$checkout" -c advice.detachedHead=false checkout --quiet "$LIBRARY_COMMIT"
    if [[ $dry_run == no && ! -d $checkout/lib/rp1 ]]; then
        warn "this commit has no lib/rp1: a Raspberry Pi 5 will not work with it"
    fi
}

# The driver is built next to the library clone, not in this checkout, so
# building as root leaves no root-owned file here.
build() {
    local checkout=$1 jobs
    local driver_build=(-C "$here" RGB_LIB_DISTRIBUTION="$checkout" BUILD_DIR="$src_parent/departure-board-hub75-build")
    jobs=$(nproc 2>/dev/null || echo 1)
    say "Building the library (make -C lib)"
    run make -C "$checkout/lib" -j"$jobs"
    say "Building departure-board-hub75"
    run make "${driver_build[@]}"
    say "Installing it to $prefix/libexec/departure-board/"
    run make "${driver_build[@]}" install PREFIX="$prefix"
    run install -d "$prefix/share/doc/departure-board/hub75"
    run install -m 0644 "$here/README.md" "$here/PROTOCOL.md" "$prefix/share/doc/departure-board/hub75/"
}

# The socket's group; deploy/install.sh creates the same group for the sign.
ensure_group() {
    if getent group "$SERVICE_GROUP" >/dev/null; then
        say "Group $SERVICE_GROUP exists"
    else
        say "Creating the system group $SERVICE_GROUP (the sign's group; it may connect)"
        run groupadd --system "$SERVICE_GROUP"
    fi
}

install_units() {
    say "Installing $SOCKET_UNIT, $SERVICE_UNIT and $UDEV_RULE"
    local unit
    for unit in "$SOCKET_UNIT" "$SERVICE_UNIT"; do
        run_to "$UNIT_DIR/$unit" 0644 sed "s|/usr/local/|$prefix/|g" "$here/$unit"
    done
    run install -D -m 0644 "$here/$UDEV_RULE" "$UDEV_RULE_DIR/$UDEV_RULE"
}

reload() {
    if command -v udevadm >/dev/null 2>&1 || [[ $dry_run == yes ]]; then
        say "Reloading udev rules (applies to /dev/pio0 now)"
        run udevadm control --reload-rules
        run udevadm trigger --subsystem-match=rp1-pio
    else
        warn "udevadm not found: the udev rule applies from the next boot"
    fi
    if [[ -d /run/systemd/system || $dry_run == yes ]]; then
        say "Reloading systemd and enabling $SOCKET_UNIT"
        run systemctl daemon-reload
        run systemctl enable --now "$SOCKET_UNIT"
    else
        warn "systemd is not running: enable $SOCKET_UNIT yourself after boot"
    fi
}

sound_module() {
    if is_pi5; then
        return # the Pi 5 backends use no PWM hardware pulsing
    fi
    if [[ $blacklist_sound == yes ]]; then
        say "Turning off the on-board sound module (snd_bcm2835) from the next boot"
        write_file "$SOUND_BLACKLIST" 0644 <<'EOF'
# Written by departure-board's install-hub75.sh: the HUB75 library's hardware
# pulsing uses the PWM block that the on-board sound driver also uses.
blacklist snd_bcm2835
EOF
        say "Reboot for this to take effect (also consider dtparam=audio=off in config.txt)"
    else
        cat <<EOF

Note for Raspberry Pi 1-4: hardware pulsing (the default; output.hardware_pulse: true) needs
the on-board sound module off; the library refuses to start while snd_bcm2835 is
loaded. Either run this script again with --blacklist-sound (writes
$SOUND_BLACKLIST, then reboot) or set output.hardware_pulse: false in the board
(more flicker). Nothing was changed for this.
EOF
    fi
}

notes() {
    if is_pi5 && [[ ! -e /dev/pio0 ]]; then
        warn "/dev/pio0 is missing: update the kernel and firmware (apt full-upgrade) and reboot"
    fi
    cat <<EOF

Installed: $prefix/libexec/departure-board/departure-board-hub75
The sign connects to /run/departure-board-hub75.sock (group $SERVICE_GROUP);
each connection starts $SERVICE_UNIT. Logs: journalctl -u departure-board-hub75
EOF
}

main() {
    parse_args "$@"
    check_root "$@"
    [[ $dry_run == yes ]] && say "Dry run: printing the steps, changing nothing"
    local checkout=$src_parent/rpi-rgb-led-matrix
    check_compiler
    install_build_packages
    fetch_library "$checkout"
    build "$checkout"
    ensure_group
    install_units
    reload
    sound_module
    notes
}

main "$@"
