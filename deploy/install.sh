#!/usr/bin/env bash
# Installs (or removes) departure-board as a systemd service.
#
#   sudo deploy/install.sh [--prefix /usr/local]             build, install, start
#   sudo deploy/install.sh --skip-build --binary PATH        install a binary built elsewhere
#   sudo deploy/install.sh --uninstall [--purge]             remove (keeps /etc/departure-board unless --purge)
#   deploy/install.sh --dry-run ...                          print the commands, change nothing (no root needed)
#
# Safe to run again: it never overwrites /etc/departure-board/board.yaml and
# only installs apt packages that are missing. See deploy/RASPBERRY-PI.md.
set -euo pipefail

readonly SERVICE=departure-board
readonly UNIT_NAME=departure-board.service
readonly SERVICE_USER=departure-board
readonly CONFIG_DIR=/etc/departure-board
# GTFS boards keep their imported timetable here (written by `gtfs import`, read by the service).
readonly STATE_DIR=/var/lib/departure-board
readonly BOARD_FILE=$CONFIG_DIR/board.yaml
readonly UNIT_DIR=/etc/systemd/system
readonly UNIT_PATH=$UNIT_DIR/$UNIT_NAME
readonly DROPIN_DIR=$UNIT_DIR/$UNIT_NAME.d
readonly GROUPS_DROPIN=$DROPIN_DIR/10-install-groups.conf
readonly DEVICE_GROUPS=(gpio i2c spi video audio)
# Where the first board draws (the unit's RuntimeDirectory= makes it writable).
readonly FIRST_IMAGE=/run/departure-board/board.png
# The shared libraries the program links, by the release's package names: Debian 12
# (bookworm) ships libgpiod 1.6 as libgpiod2; Debian 13 (trixie) ships libgpiod 2.x as
# libgpiod3, and OpenSSL as libssl3t64. (DEPARTURE_BOARD_OS_RELEASE: another os-release, for tests.)
release_codename() {
    local file=${DEPARTURE_BOARD_OS_RELEASE:-/etc/os-release}
    [[ -r $file ]] || return 0
    # shellcheck source=/dev/null # os-release is the system's, not ours
    ( . "$file"; printf '%s\n' "${VERSION_CODENAME:-}" )
}
case $(release_codename) in
    bookworm|"") RELEASE_PACKAGES=(libgpiod2 libssl3) ;;
    *)           RELEASE_PACKAGES=(libgpiod3 libssl3t64) ;;
esac
readonly RUNTIME_PACKAGES=("${RELEASE_PACKAGES[@]}" libi2c0 libfreetype6 zlib1g libsqlite3-0 libyaml-0-2 libxml2 libharfbuzz0b libfribidi0 tzdata fonts-dejavu-core
                                libespeak-ng1 espeak-ng-data)

script_dir=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")" && pwd)
repo_root=$(cd -- "$script_dir/.." && pwd)
# shellcheck source=deploy/packages.sh
. "$script_dir/packages.sh"

prefix=/usr/local
skip_build=no
binary=
start=yes
uninstall=no
purge=no
dry_run=no
install_packages=yes
done_list=()
first_board_written=no

usage() {
    cat <<EOF
Usage: deploy/install.sh [OPTIONS]

Installs departure-board as the systemd service $UNIT_NAME. Run as root from
a checkout of the repository.

Options:
  --prefix DIR      Install under DIR (default /usr/local): DIR/bin/departure-board,
                    DIR/libexec/departure-board/departure-board-web (the HTTP server
                    for status: pages and serve), DIR/share/departure-board/{Fonts,Boards},
                    DIR/share/doc/departure-board.
  --skip-build      Do not build; install the binary given with --binary.
  --binary PATH     The departure-board binary to install (needs --skip-build);
                    departure-board-web is taken from beside it.
  --no-start        Install everything, but do not enable or start the service.
  --no-packages     Do not install missing runtime apt packages.
  --uninstall       Stop and disable the service, remove the unit, the binary and
                    DIR/share/departure-board. Keeps $CONFIG_DIR.
  --purge           With --uninstall: also remove $CONFIG_DIR, $STATE_DIR
                    (GTFS stores) and the $SERVICE_USER user and group.
  --print-first-board
                    Print the board a first install writes (the preview, drawn to
                    $FIRST_IMAGE) and exit.
  --dry-run         Print the commands instead of running them (no root needed).
                    It reads the machine's state (users, packages, existing board)
                    and assumes systemd is running.
  -h, --help        Show this help.

The running board is $BOARD_FILE. Only when it does not exist is it created:
Boards/preview.yaml drawn to $FIRST_IMAGE, so the service runs before a panel
is chosen. An existing board is never overwritten.
Building as root is avoided when run through sudo: the build runs as \$SUDO_USER.
EOF
}

say()  { printf '==> %s\n' "$*"; }
warn() { printf 'warning: %s\n' "$*" >&2; }
die()  { printf 'error: %s\n' "$*" >&2; exit 1; }
did()  { done_list+=("$*"); }

# Runs a command, or prints it under --dry-run.
run() {
    if [[ $dry_run == yes ]]; then
        printf '+'; printf ' %q' "$@"; printf '\n'
    else
        "$@"
    fi
}

# Like run, but the command's output goes to FILE.
run_to() {
    local file=$1; shift
    if [[ $dry_run == yes ]]; then
        printf '+'; printf ' %q' "$@"; printf ' > %q\n' "$file"
    else
        "$@" >"$file"
    fi
}

parse_args() {
    while (($#)); do
        case $1 in
            --prefix)      [[ $# -ge 2 ]] || die "--prefix needs a directory"; prefix=$2; shift ;;
            --prefix=*)    prefix=${1#*=} ;;
            --skip-build)  skip_build=yes ;;
            --binary)      [[ $# -ge 2 ]] || die "--binary needs a path"; binary=$2; shift ;;
            --binary=*)    binary=${1#*=} ;;
            --no-start)    start=no ;;
            --no-packages) install_packages=no ;;
            --uninstall)   uninstall=yes ;;
            --purge)       purge=yes ;;
            --dry-run)     dry_run=yes ;;
            --print-first-board) first_board; exit 0 ;;
            -h|--help)     usage; exit 0 ;;
            *)             usage >&2; printf '\nerror: unknown option: %s\n' "$1" >&2; exit 2 ;;
        esac
        shift
    done

    [[ $prefix == /* ]] || die "--prefix must be an absolute path (got '$prefix')"
    [[ $prefix =~ ^[A-Za-z0-9/._+-]+$ ]] || die "--prefix may only contain letters, digits and / . _ + - (got '$prefix')"
    prefix=${prefix%/}
    [[ -n $prefix ]] || die "--prefix / is not supported; use /usr or /usr/local"
    if [[ $purge == yes && $uninstall == no ]]; then
        die "--purge only goes with --uninstall"
    fi
    if [[ $uninstall == no ]]; then
        if [[ $skip_build == yes && -z $binary ]]; then
            die "--skip-build needs --binary PATH (the departure-board binary to install)"
        fi
        if [[ $skip_build == no && -n $binary ]]; then
            die "--binary only goes with --skip-build"
        fi
    fi
}

check_platform() {
    local os
    os=$(uname -s)
    if [[ $os != Linux ]]; then
        if [[ $dry_run == yes ]]; then
            warn "this is $os, not Linux; printing the Linux commands anyway (--dry-run)"
        else
            die "departure-board installs on Linux only (this is $os)"
        fi
    fi
    if [[ $(id -u) -ne 0 ]]; then
        if [[ $dry_run == yes ]]; then
            local real_args=() a
            for a in "${ORIGINAL_ARGS[@]}"; do [[ $a == --dry-run ]] || real_args+=("$a"); done
            warn "not root; fine for --dry-run, a real run needs: sudo $0 ${real_args[*]}"
        else
            die "run as root, e.g.: sudo $0 ${ORIGINAL_ARGS[*]}"
        fi
    fi
}

# Under --dry-run, print what a booted Pi would get.
systemd_running() { [[ $dry_run == yes || -d /run/systemd/system ]]; }

# --- install steps -----------------------------------------------------------

install_runtime_packages() {
    if [[ $install_packages == no ]]; then
        say "Skipping runtime packages (--no-packages)"
        return
    fi
    if ! command -v dpkg-query >/dev/null 2>&1; then
        warn "dpkg-query not found: install these yourself: ${RUNTIME_PACKAGES[*]}"
        return
    fi
    local missing=()
    mapfile -t missing < <(missing_packages "${RUNTIME_PACKAGES[@]}")
    if ((${#missing[@]} == 0)); then
        say "Runtime packages already installed: ${RUNTIME_PACKAGES[*]}"
        return
    fi
    say "Installing missing runtime packages: ${missing[*]}"
    run apt-get install -y --no-install-recommends "${missing[@]}"
    did "installed apt packages: ${missing[*]}"
}

find_swift() {
    if [[ -n ${SWIFT:-} ]]; then printf '%s\n' "$SWIFT"; return; fi
    if command -v swift >/dev/null 2>&1; then command -v swift; return; fi
    if [[ -x /opt/swift/usr/bin/swift ]]; then printf '%s\n' /opt/swift/usr/bin/swift; return; fi
    return 1
}

build_binary() {
    if [[ $skip_build == yes ]]; then
        if [[ ! -f $binary || ! -x $binary ]]; then
            if [[ $dry_run == yes ]]; then
                warn "--binary $binary is not an executable file (ignored under --dry-run)"
            else
                die "--binary $binary is not an executable file"
            fi
        fi
        say "Using the prebuilt binary $binary"
        return
    fi

    [[ -f $repo_root/Package.swift ]] || die "no Package.swift in $repo_root: run from a checkout, or use --skip-build --binary PATH"
    local swift
    if ! swift=$(find_swift); then
        if [[ $dry_run == yes ]]; then
            swift=swift
        else
            die "swift not found (PATH, \$SWIFT, /opt/swift/usr/bin). Install it (deploy/RASPBERRY-PI.md) or use --skip-build --binary PATH"
        fi
    fi

    # Under sudo, build as the invoking user so .build/ does not end up owned by root.
    local as_user=()
    if [[ -n ${SUDO_USER:-} && ${SUDO_USER} != root ]]; then
        local home
        home=$(getent passwd "$SUDO_USER" | cut -d: -f6)
        as_user=(runuser -u "$SUDO_USER" -- env "HOME=${home:-/tmp}")
    fi

    say "Building the release binary (this takes a while on a Pi)"
    run "${as_user[@]}" "$swift" build --package-path "$repo_root" -c release --static-swift-stdlib --product "$SERVICE"
    run "${as_user[@]}" "$swift" build --package-path "$repo_root" -c release --static-swift-stdlib --product "$SERVICE-web"
    if [[ $dry_run == yes ]]; then
        # SwiftPM links .build/release to the target triple's release folder.
        binary=$repo_root/.build/release/$SERVICE
        printf '+ # binary: %s (the real run asks swift build --show-bin-path)\n' "$binary"
    else
        local bin_path
        bin_path=$("${as_user[@]}" "$swift" build --package-path "$repo_root" -c release --show-bin-path)
        binary=$bin_path/$SERVICE
        [[ -x $binary ]] || die "the build did not produce $binary"
    fi
    did "built $binary"
}

install_files() {
    local share=$prefix/share/$SERVICE doc=$prefix/share/doc/$SERVICE
    say "Installing the binary to $prefix/bin/$SERVICE"
    run install -D -m 0755 -o root -g root "$binary" "$prefix/bin/$SERVICE"
    did "installed $prefix/bin/$SERVICE"
    # The HTTP server program, found by departure-board at ../libexec/departure-board/.
    local web
    web=$(dirname -- "$binary")/$SERVICE-web
    if [[ -x $web || $dry_run == yes ]]; then
        run install -D -m 0755 -o root -g root "$web" "$prefix/libexec/$SERVICE/$SERVICE-web"
        did "installed $prefix/libexec/$SERVICE/$SERVICE-web"
    else
        warn "no $web beside the binary: status: pages and serve will not work until it is installed"
    fi

    local dir
    for dir in Fonts Boards; do
        [[ -d $repo_root/$dir ]] || die "$repo_root/$dir is missing: run from a checkout of the repository"
    done
    say "Installing Fonts/ and Boards/ to $share"
    run install -d -m 0755 -o root -g root "$share"
    for dir in Fonts Boards; do
        # Replace the folder as a whole so files removed upstream disappear.
        run rm -rf "$share/$dir"
        run cp -R "$repo_root/$dir" "$share/$dir"
        run chown -R root:root "$share/$dir"
        run chmod -R u=rwX,go=rX "$share/$dir"
    done
    did "installed $share/Fonts and $share/Boards"

    run install -d -m 0755 -o root -g root "$doc"
    run install -m 0644 -o root -g root "$script_dir/RASPBERRY-PI.md" "$script_dir/SECURITY.md" "$doc/"
    did "installed notes to $doc"
}

create_user() {
    if getent group "$SERVICE_USER" >/dev/null; then
        say "Group $SERVICE_USER exists"
    else
        say "Creating system group $SERVICE_USER"
        run groupadd --system "$SERVICE_USER"
        did "created group $SERVICE_USER"
    fi
    if getent passwd "$SERVICE_USER" >/dev/null; then
        say "User $SERVICE_USER exists"
    else
        say "Creating system user $SERVICE_USER (no login shell, no home)"
        run useradd --system --gid "$SERVICE_USER" --no-create-home --home-dir /nonexistent \
            --shell /usr/sbin/nologin --comment "Departure board service" "$SERVICE_USER"
        did "created user $SERVICE_USER"
    fi

    present_groups=()
    missing_groups=()
    local g
    for g in "${DEVICE_GROUPS[@]}"; do
        if getent group "$g" >/dev/null; then present_groups+=("$g"); else missing_groups+=("$g"); fi
    done
    if ((${#present_groups[@]})); then
        local joined
        joined=$(IFS=,; printf '%s' "${present_groups[*]}")
        say "Adding $SERVICE_USER to the device groups: ${present_groups[*]}"
        run usermod -a -G "$joined" "$SERVICE_USER"
        did "added $SERVICE_USER to groups ${present_groups[*]}"
    fi
    if ((${#missing_groups[@]})); then
        warn "these device groups do not exist here: ${missing_groups[*]} (not a Raspberry Pi OS image?); the unit gets a drop-in without them"
    fi
}

# The first board: the preview (demo timetable, no network) with an image output, so a
# fresh install ends with a running service rather than one stopped for want of a panel.
first_board() {
    printf '%s\n' \
        "# Written by deploy/install.sh: Boards/preview.yaml, drawn to an image until a panel is chosen." \
        "# Replace this file with the example for your panel (see deploy/RASPBERRY-PI.md, section 4)," \
        "# then: sudo systemctl reload $SERVICE"
    grep -v '^output:' "$repo_root/Boards/preview.yaml"
    printf '%s\n' "" "output:" "  driver: image" "  path: $FIRST_IMAGE"
}

create_config() {
    say "Preparing $CONFIG_DIR (0750 root:$SERVICE_USER)"
    run install -d -m 0750 -o root -g "$SERVICE_USER" "$CONFIG_DIR"
    if [[ -e $BOARD_FILE ]]; then
        say "Keeping the existing board $BOARD_FILE (never overwritten)"
    else
        say "No board yet: writing $BOARD_FILE from Boards/preview.yaml, drawn to $FIRST_IMAGE until a panel is chosen"
        run_to "$BOARD_FILE.tmp" first_board
        run chown "root:$SERVICE_USER" "$BOARD_FILE.tmp"
        run chmod 0640 "$BOARD_FILE.tmp"
        run mv -f "$BOARD_FILE.tmp" "$BOARD_FILE"
        did "created $BOARD_FILE (the preview board, drawn to $FIRST_IMAGE)"
        first_board_written=yes
    fi
    say "Preparing $STATE_DIR for GTFS timetable stores (0755 $SERVICE_USER)"
    run install -d -m 0755 -o "$SERVICE_USER" -g "$SERVICE_USER" "$STATE_DIR"
    if [[ ! -e $CONFIG_DIR/environment ]]; then
        say "Optional: put NAME=value lines (e.g. the API key variable the board names) in $CONFIG_DIR/environment (0640 root:$SERVICE_USER) if the board reads its key from the environment"
    fi
}

install_unit() {
    say "Installing $UNIT_PATH"
    run_to "$UNIT_PATH.tmp" sed -e "s#/usr/local/#$prefix/#g" "$script_dir/$UNIT_NAME"
    run chmod 0644 "$UNIT_PATH.tmp"
    run mv -f "$UNIT_PATH.tmp" "$UNIT_PATH"
    did "installed $UNIT_PATH (ExecStart=$prefix/bin/$SERVICE run --board $BOARD_FILE ...)"

    if ((${#missing_groups[@]})); then
        say "Writing $GROUPS_DROPIN (SupplementaryGroups=${present_groups[*]})"
        run install -d -m 0755 "$DROPIN_DIR"
        run_to "$GROUPS_DROPIN" printf '%s\n' \
            "# Written by deploy/install.sh: these groups exist on this machine; missing: ${missing_groups[*]}" \
            "[Service]" "SupplementaryGroups=" "SupplementaryGroups=${present_groups[*]}"
        did "wrote $GROUPS_DROPIN"
    elif [[ -e $GROUPS_DROPIN ]]; then
        run rm -f "$GROUPS_DROPIN"
        run rmdir --ignore-fail-on-non-empty "$DROPIN_DIR"
    fi

    if systemd_running; then
        run systemctl daemon-reload
    else
        warn "systemd is not running here (chroot/image build?): skipping daemon-reload"
    fi
}

validate_board() {
    say "Validating $BOARD_FILE as user $SERVICE_USER"
    if [[ $dry_run == yes ]]; then
        run runuser -u "$SERVICE_USER" -- "$prefix/bin/$SERVICE" validate "$BOARD_FILE"
        return 0
    fi
    if runuser -u "$SERVICE_USER" -- "$prefix/bin/$SERVICE" validate "$BOARD_FILE"; then
        did "validated $BOARD_FILE"
        return 0
    fi
    return 1
}

start_service() {
    local board_ok=$1
    if [[ $start == no ]]; then
        say "Not enabling or starting $UNIT_NAME (--no-start). Later: systemctl enable --now $SERVICE"
        return
    fi
    if [[ $board_ok == no ]]; then
        run systemctl enable "$UNIT_NAME"
        did "enabled $UNIT_NAME but did NOT start it"
        die "$BOARD_FILE does not validate (see above). Fix it, then: systemctl restart $SERVICE"
    fi
    # An older install's preview board has no output: the service would exit at once (64).
    if [[ -r $BOARD_FILE ]] && ! grep -q '^output:' "$BOARD_FILE"; then
        run systemctl enable "$UNIT_NAME"
        did "enabled $UNIT_NAME but did NOT start it"
        die "$BOARD_FILE has no output: section, so the service has nowhere to draw. Put your panel's example board there (deploy/RASPBERRY-PI.md, section 4), or add 'output: {driver: image, path: $FIRST_IMAGE}', then: systemctl restart $SERVICE"
    fi
    if ! systemd_running; then
        run systemctl enable "$UNIT_NAME"
        did "enabled $UNIT_NAME (starts on next boot)"
        return
    fi
    if [[ $dry_run == no ]] && systemctl is-active --quiet "$UNIT_NAME"; then
        say "Restarting the running service to pick up the new binary"
        run systemctl enable "$UNIT_NAME"
        run systemctl restart "$UNIT_NAME"
        did "restarted $UNIT_NAME"
    else
        say "Enabling and starting $UNIT_NAME"
        run systemctl enable --now "$UNIT_NAME"
        did "enabled and started $UNIT_NAME"
    fi
    if [[ $dry_run == no ]]; then
        sleep 2
        if systemctl is-active --quiet "$UNIT_NAME"; then
            say "$UNIT_NAME is running. Follow it with: journalctl -u $SERVICE -f"
            if [[ $first_board_written == yes ]]; then
                say "No panel yet: it draws the preview board to $FIRST_IMAGE (look at it: sudo cp $FIRST_IMAGE /tmp/). Next: put your panel's example board in $BOARD_FILE and run: sudo systemctl reload $SERVICE (deploy/RASPBERRY-PI.md, section 4)"
            fi
        else
            warn "$UNIT_NAME is not active; see: systemctl status $SERVICE; journalctl -u $SERVICE -b"
        fi
    fi
}

do_install() {
    install_runtime_packages
    build_binary
    install_files
    create_user
    create_config
    install_unit
    local board_ok=yes
    validate_board || board_ok=no
    start_service "$board_ok"
}

# --- uninstall -----------------------------------------------------------------

do_uninstall() {
    if systemd_running && { [[ -e $UNIT_PATH ]] || [[ $dry_run == yes ]]; }; then
        say "Stopping and disabling $UNIT_NAME"
        if [[ $dry_run == yes ]]; then
            run systemctl disable --now "$UNIT_NAME"
        else
            systemctl disable --now "$UNIT_NAME" || warn "could not stop/disable $UNIT_NAME (continuing)"
        fi
        did "stopped and disabled $UNIT_NAME"
    elif [[ -e $UNIT_PATH ]]; then
        run systemctl disable "$UNIT_NAME"
        did "disabled $UNIT_NAME"
    fi

    say "Removing the unit, the binary and $prefix/share/$SERVICE"
    run rm -f "$UNIT_PATH" "$GROUPS_DROPIN"
    if [[ -d $DROPIN_DIR || $dry_run == yes ]]; then
        run rmdir --ignore-fail-on-non-empty "$DROPIN_DIR"
    fi
    if systemd_running; then
        run systemctl daemon-reload
        if [[ $dry_run == yes ]]; then
            run systemctl reset-failed "$UNIT_NAME"
        else
            systemctl reset-failed "$UNIT_NAME" 2>/dev/null || true
        fi
    fi
    run rm -f "$prefix/bin/$SERVICE"
    run rm -rf "$prefix/libexec/$SERVICE" "$prefix/share/$SERVICE" "$prefix/share/doc/$SERVICE"
    did "removed $UNIT_PATH, $prefix/bin/$SERVICE, $prefix/libexec/$SERVICE, $prefix/share/$SERVICE, $prefix/share/doc/$SERVICE"

    if [[ $purge == yes ]]; then
        say "Purging $CONFIG_DIR, $STATE_DIR and the $SERVICE_USER user"
        run rm -rf "$CONFIG_DIR" "$STATE_DIR"
        did "removed $CONFIG_DIR and $STATE_DIR"
        if getent passwd "$SERVICE_USER" >/dev/null || [[ $dry_run == yes ]]; then
            run userdel "$SERVICE_USER"
            did "removed user $SERVICE_USER"
        fi
        # userdel removes the user's own group on Debian; remove it if it is left over.
        if [[ $dry_run == yes ]]; then
            printf '+ # if still present: groupdel %s\n' "$SERVICE_USER"
        elif getent group "$SERVICE_USER" >/dev/null; then
            groupdel "$SERVICE_USER"
        fi
    else
        say "Kept $CONFIG_DIR (your board and key); remove it with --uninstall --purge"
        did "kept $CONFIG_DIR"
    fi
}

main() {
    ORIGINAL_ARGS=("$@")
    parse_args "$@"
    check_platform
    [[ $dry_run == yes ]] && say "Dry run: printing commands, changing nothing"

    if [[ $uninstall == yes ]]; then
        do_uninstall
    else
        do_install
    fi

    printf '\n'
    if [[ $dry_run == yes ]]; then say "Dry run summary (would have):"; else say "Done:"; fi
    local line
    for line in "${done_list[@]}"; do printf '    - %s\n' "$line"; done
}

main "$@"
