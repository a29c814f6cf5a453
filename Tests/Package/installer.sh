#!/usr/bin/env bash
# Tests deploy/install.sh without root and without changing the machine:
# argument handling, then --dry-run output for install, --no-start, build,
# uninstall and purge. Also lints the script and checks the unit file when the
# tools for that (shellcheck, systemd-analyze) are installed, skipped otherwise.
#
#   Tests/Package/installer.sh        exit 0 when every check passes
set -euo pipefail

repo=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")/../.." && pwd)
deploy=$repo/deploy
installer=$deploy/install.sh
unit=$deploy/departure-board.service
prefix=/opt/departure-board-test-prefix

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fake_binary=$work/departure-board
printf '#!/bin/sh\nexit 0\n' >"$fake_binary"
chmod +x "$fake_binary"
cp "$fake_binary" "$work/departure-board-web"

failures=0
pass() { printf 'ok - %s\n' "$1"; }
fail() { printf 'not ok - %s\n' "$1"; failures=$((failures + 1)); }
skip() { printf 'ok - %s # SKIP %s\n' "$1" "$2"; }

# Runs the installer; its combined output lands in $out, its status in $status.
out=
status=0
installer_run() {
    status=0
    out=$(bash "$installer" "$@" 2>&1) || status=$?
}

has_line() {        # has_line NAME EXACT-LINE
    if grep -qxF -- "$2" <<<"$out"; then pass "$1"; else fail "$1: missing line: $2"; fi
}
has_text() {        # has_text NAME SUBSTRING
    if grep -qF -- "$2" <<<"$out"; then pass "$1"; else fail "$1: missing: $2"; fi
}
lacks_text() {      # lacks_text NAME SUBSTRING
    if grep -qF -- "$2" <<<"$out"; then fail "$1: unexpected: $2"; else pass "$1"; fi
}
line_no() { grep -nF -- "$1" <<<"$out" | head -n1 | cut -d: -f1; }
status_is() {       # status_is NAME EXPECTED
    if [[ $status -eq $2 ]]; then pass "$1"; else fail "$1: exit status $status, expected $2"; printf '%s\n' "$out" | sed 's/^/    # /'; fi
}

# --- static checks -------------------------------------------------------------
if bash -n "$installer"; then pass "install.sh parses (bash -n)"; else fail "install.sh parses (bash -n)"; fi
if command -v shellcheck >/dev/null 2>&1; then
    if (cd "$repo" && shellcheck -x deploy/install.sh Tests/Package/installer.sh deploy/hub75/install-hub75.sh); then pass "shellcheck"; else fail "shellcheck"; fi
else
    skip "shellcheck" "shellcheck not installed"
fi

# shellcheck disable=SC2016 # $MAINPID is meant literally
for key in 'User=departure-board' 'SupplementaryGroups=gpio i2c spi video audio' 'NoNewPrivileges=yes' \
    'ProtectSystem=strict' 'ProtectHome=yes' 'PrivateTmp=yes' 'DevicePolicy=closed' \
    'DeviceAllow=char-i2c rw' 'DeviceAllow=char-spi rw' 'DeviceAllow=char-gpiochip rw' 'DeviceAllow=char-fb rw' 'DeviceAllow=char-alsa rw' \
    'Restart=on-failure' 'ExecReload=/bin/sh -c '\''kill -HUP "$$MAINPID"'\' 'CapabilityBoundingSet=' \
    'EnvironmentFile=-/etc/departure-board/environment' \
    'ExecStart=/usr/local/bin/departure-board run --board /etc/departure-board/board.yaml --log-level info'; do
    if grep -qxF -- "$key" "$unit"; then pass "unit has $key"; else fail "unit has $key"; fi
done
if grep -qE '^PrivateUsers=(yes|true|1)' "$unit"; then fail "unit must not set PrivateUsers=yes"; else pass "unit has no PrivateUsers=yes"; fi

if command -v systemd-analyze >/dev/null 2>&1; then
    # verify complains about a missing ExecStart binary; point it at /bin/true.
    sed -e 's#^ExecStart=/usr/local/bin/departure-board#ExecStart=/bin/true#' "$unit" >"$work/departure-board.service"
    if verify_out=$(systemd-analyze verify "$work/departure-board.service" 2>&1) && [[ -z $verify_out ]]; then
        pass "systemd-analyze verify is clean"
    else
        fail "systemd-analyze verify: $verify_out"
    fi
    # --threshold is on the 0-100 scale: 20 means "exposure 2.0 or less".
    if score=$(systemd-analyze security --offline=true --threshold=20 "$work/departure-board.service" 2>&1 | grep 'Overall exposure level'); then
        pass "systemd-analyze security: ${score#→ }"
    else
        fail "systemd-analyze security exposure above 2.0 (or the command failed)"
    fi
else
    skip "systemd-analyze checks" "systemd-analyze not installed"
fi

# --- argument handling -----------------------------------------------------------
installer_run --help
status_is "--help exits 0" 0
has_text "--help prints usage" "Usage: deploy/install.sh"

installer_run --bogus
status_is "an unknown option exits 2" 2

installer_run --dry-run --skip-build
status_is "--skip-build without --binary fails" 1
has_text "--skip-build without --binary explains" "--skip-build needs --binary PATH"

installer_run --dry-run --purge
status_is "--purge without --uninstall fails" 1

installer_run --dry-run --prefix relative/dir --skip-build --binary "$fake_binary"
status_is "a relative --prefix fails" 1

if [[ $(id -u) -ne 0 ]]; then
    installer_run --skip-build --binary "$fake_binary" --prefix "$prefix"
    status_is "a real run as non-root is refused" 1
    has_text "the refusal says to use root" "run as root"
else
    skip "a real run as non-root is refused" "running as root"
fi

# --- runtime packages by release ------------------------------------------------------
# Debian 13 (trixie) names libgpiod 2.x libgpiod3 and OpenSSL libssl3t64; Debian 12 libgpiod2, libssl3.
printf 'ID=debian\nVERSION_CODENAME=trixie\n' >"$work/os-release-trixie"
printf 'ID=debian\nVERSION_CODENAME=bookworm\n' >"$work/os-release-bookworm"
export DEPARTURE_BOARD_OS_RELEASE=$work/os-release-trixie
installer_run --dry-run --skip-build --binary "$fake_binary" --prefix "$prefix"
has_text "trixie: libgpiod 2.x's runtime package" "libgpiod3"
has_text "trixie: OpenSSL's t64 package" "libssl3t64"
lacks_text "trixie: not bookworm's libgpiod2" "libgpiod2 "
export DEPARTURE_BOARD_OS_RELEASE=$work/os-release-bookworm
installer_run --dry-run --skip-build --binary "$fake_binary" --prefix "$prefix"
lacks_text "bookworm: not trixie's libgpiod3" "libgpiod3"
unset DEPARTURE_BOARD_OS_RELEASE

# --- dry-run install ---------------------------------------------------------------
installer_run --dry-run --skip-build --binary "$fake_binary" --prefix "$prefix"
status_is "dry-run install exits 0" 0
has_text "dry-run announces itself" "Dry run: printing commands, changing nothing"
has_line "installs the binary" "+ install -D -m 0755 -o root -g root $fake_binary $prefix/bin/departure-board"
has_line "installs the server program from beside it" "+ install -D -m 0755 -o root -g root $work/departure-board-web $prefix/libexec/departure-board/departure-board-web"
has_line "installs Fonts" "+ cp -R $repo/Fonts $prefix/share/departure-board/Fonts"
has_line "installs Boards" "+ cp -R $repo/Boards $prefix/share/departure-board/Boards"
has_line "creates the config folder 0750 root:departure-board" "+ install -d -m 0750 -o root -g departure-board /etc/departure-board"
if [[ -e /etc/departure-board/board.yaml ]]; then
    has_text "keeps the existing board" "Keeping the existing board /etc/departure-board/board.yaml"
    lacks_text "does not overwrite the existing board" "preview.yaml /etc/departure-board/board.yaml"
else
    has_line "writes the first board when there is none" "+ first_board > /etc/departure-board/board.yaml.tmp"
    has_line "the first board is 0640 root:departure-board" "+ chmod 0640 /etc/departure-board/board.yaml.tmp"
fi
has_line "creates the GTFS store folder" "+ install -d -m 0755 -o departure-board -g departure-board /var/lib/departure-board"
has_text "rewrites the prefix in the unit" "s#/usr/local/#$prefix/#g"
has_line "moves the unit into place" "+ mv -f /etc/systemd/system/departure-board.service.tmp /etc/systemd/system/departure-board.service"
has_line "reloads systemd" "+ systemctl daemon-reload"
has_line "validates the board as the service user" "+ runuser -u departure-board -- $prefix/bin/departure-board validate /etc/departure-board/board.yaml"
has_line "enables and starts the service" "+ systemctl enable --now departure-board.service"
lacks_text "--skip-build does not build" "swift build"
validate_at=$(line_no "departure-board validate")
enable_at=$(line_no "systemctl enable --now")
if [[ -n $validate_at && -n $enable_at && $validate_at -lt $enable_at ]]; then
    pass "validates before starting"
else
    fail "validates before starting (validate at line ${validate_at:-?}, enable at ${enable_at:-?})"
fi
if getent passwd departure-board >/dev/null; then
    lacks_text "does not recreate an existing user" "+ useradd"
else
    has_text "creates the system user without a login shell" "--no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin"
fi
if [[ -e $prefix ]]; then fail "dry run left $prefix behind"; else pass "dry run changed nothing under $prefix"; fi

installer_run --print-first-board
status_is "--print-first-board exits 0" 0
has_line "the first board draws to an image under /run" "  path: /run/departure-board/board.png"
if grep -q "^source:" <<<"$out" && [[ $(grep -c '^output:' <<<"$out") -eq 1 ]]; then
    pass "the first board is the preview with one output section"
else
    fail "the first board is the preview with one output section: $out"
fi
if grep -qx 'RuntimeDirectory=departure-board' "$unit"; then
    pass "the unit gives the service /run/departure-board to draw in"
else
    fail "the unit gives the service /run/departure-board to draw in"
fi

installer_run --dry-run --skip-build --binary "$fake_binary" --prefix "$prefix" --no-start
status_is "dry-run --no-start exits 0" 0
lacks_text "--no-start does not enable" "+ systemctl enable"
has_text "--no-start says how to start later" "systemctl enable --now departure-board"

installer_run --dry-run --prefix "$prefix" --no-packages
status_is "dry-run build exits 0" 0
has_text "builds the release product statically linked" "build --package-path $repo -c release --static-swift-stdlib --product departure-board"
has_text "builds the server program too" "build --package-path $repo -c release --static-swift-stdlib --product departure-board-web"
lacks_text "--no-packages skips apt" "apt-get install"

# --- dry-run uninstall -----------------------------------------------------------------
installer_run --dry-run --uninstall --prefix "$prefix"
status_is "dry-run uninstall exits 0" 0
has_line "stops and disables the unit" "+ systemctl disable --now departure-board.service"
has_text "removes the unit" "+ rm -f /etc/systemd/system/departure-board.service"
has_line "removes the binary" "+ rm -f $prefix/bin/departure-board"
has_text "removes the shared data" "+ rm -rf $prefix/libexec/departure-board $prefix/share/departure-board"
has_text "keeps /etc/departure-board" "Kept /etc/departure-board"
lacks_text "uninstall keeps the config" "rm -rf /etc/departure-board"
lacks_text "uninstall keeps the user" "userdel"

installer_run --dry-run --uninstall --purge --prefix "$prefix"
status_is "dry-run purge exits 0" 0
has_line "purge removes the config" "+ rm -rf /etc/departure-board /var/lib/departure-board"
has_line "purge removes the user" "+ userdel departure-board"
lacks_text "purge does not claim to keep the config" "Kept /etc/departure-board"

# --- the HUB75 driver's installer (deploy/hub75), dry runs only ---------------------
installer_run_hub75() {
    status=0
    out=$(bash "$deploy/hub75/install-hub75.sh" "$@" 2>&1) || status=$?
}
installer_run_hub75 --dry-run --prefix "$prefix"
status_is "hub75 dry run exits 0" 0
has_text "hub75 builds a pinned library commit" "checkout --quiet 89072356305e272c2b1af32b8377a274df3d6d9f"
has_text "hub75 installs the driver in libexec" "$prefix/libexec/departure-board/"
has_text "hub75 installs the Pi 5 udev rule" "/etc/udev/rules.d/60-departure-board-pio.rules"
has_line "hub75 enables the socket" "+ systemctl enable --now departure-board-hub75.socket"
lacks_text "hub75 leaves the sound module alone unless asked" "+ write /etc/modprobe.d"
installer_run_hub75 --dry-run --blacklist-sound
status_is "hub75 dry run with --blacklist-sound exits 0" 0
has_text "hub75 --blacklist-sound writes the modprobe file" "/etc/modprobe.d/blacklist-rgb-matrix.conf"
installer_run_hub75 --frobnicate
status_is "hub75 refuses an unknown option" 2

printf '\n'
if ((failures)); then
    printf '%d check(s) failed\n' "$failures"
    exit 1
fi
printf 'all checks passed\n'
