#!/usr/bin/env bash
# Proves the README's commands on a clean Debian 12 root: debootstrap (minbase) plus the
# Swift toolchain directory and a clone of this checkout, nothing else. Runs the README's
# quick-start command and checks the preview image; then, unless --first-command, the
# README's test command; and prints how long each took.
#
#   sudo Tests/Package/CleanRoot/run.sh [--first-command] [--keep] [--root DIR] [--toolchain /opt/swift]
#
# --first-command is the tier the README's test command runs (about 10 minutes): a package
# the build needs that deploy/prepare.sh does not install fails it, however much this
# machine has installed by hand. Both commands (a clean build of everything, twice; over an
# hour on 2 cores) are for a release; their figures go in the release note.
#
# The bare root debootstrap makes is cached as a tarball (in $CLEAN_ROOT_CACHE, default
# /var/cache/departure-board/clean-root), keyed by the hash of debootstrap's package list
# for the suite and mirror, and made again after 7 days: it never holds a package
# prepare.sh installs, so caching it proves nothing away. The .debs apt downloads into the
# root are kept there too (downloaded is not installed).
#
# Needs root (debootstrap, chroot, mounts) and Debian's archive over the network.
set -euo pipefail

repo=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")/../../.." && pwd)
root=/tmp/departure-board-clean-root
toolchain=$(dirname "$(dirname "$(dirname "$(readlink -f "$(command -v swift)")")")")
keep=no
only_first=no
cache=${CLEAN_ROOT_CACHE:-/var/cache/departure-board/clean-root}
while (($#)); do
    case $1 in
        --first-command) only_first=yes; shift ;;
        --keep) keep=yes; shift ;;
        --root) root=$2; shift 2 ;;
        --toolchain) toolchain=$2; shift 2 ;;
        *) echo "run.sh: unknown option $1" >&2; exit 64 ;;
    esac
done
# The README's test command names this tier; run there inside a clean root, it would nest.
if [[ -e /etc/departure-board-clean-root ]]; then
    echo "clean-root: skipped: this is a clean root already (the tier runs from the host)"
    exit 0
fi
# Root for debootstrap, chroot and mounts: asked for with sudo, as the other tiers do.
[[ $(id -u) -eq 0 ]] || exec sudo -- "$0" "$@"
[[ -x $toolchain/usr/bin/swift ]] || { echo "run.sh: no Swift toolchain at $toolchain" >&2; exit 66; }
command -v debootstrap >/dev/null || { echo "run.sh: debootstrap is missing: deploy/prepare.sh --tests installs it" >&2; exit 69; }

# The README's commands, read from the README itself: the two lines of the quick-start block.
mapfile -t commands < <(awk '/^## Quick start/{s=1} s&&/^```sh/{b=1;next} b&&/^```/{exit} b{print}' "$repo/README.md" \
    | sed -E 's/[[:space:]]+#.*$//' | grep -v '^[[:space:]]*$')
((${#commands[@]} == 2)) || { echo "run.sh: expected two commands in README's quick start, found ${#commands[@]}" >&2; exit 1; }
[[ $only_first == yes ]] && commands=("${commands[0]}")
printf 'README command %s\n' "${commands[@]}"

# Where this machine's git reaches GitHub through a local mirror (url.<dir>.insteadOf in the
# system gitconfig), the root gets the same mirror, read-only, and the same rewrite: it stands
# for the network access a user's machine has.
mirrors=()
while read -r dir; do
    [[ -d $dir ]] && mirrors+=("${dir#/}")
done < <(git config --system --get-regexp '^url\..*\.insteadof$' 2>/dev/null \
    | sed -E 's/^url\.(.*)\.insteadof .*/\1/; s#/+$##' | sort -u)

unmount_all() {
    for mount in dev/pts dev proc sys opt/swift var/cache/apt/archives "${mirrors[@]}"; do
        mountpoint -q "$root/$mount" && umount -l "$root/$mount" || true
    done
    mountpoint -q "$root" && umount -l "$root" || true
}
cleanup() { unmount_all; [[ $keep == yes ]] || rm -rf "$root"; }
trap cleanup EXIT
unmount_all
rm -rf "$root"

started=$(date +%s)
mirror=$(sed -n 's/^URIs: *//p' /etc/apt/sources.list.d/debian.sources 2>/dev/null | head -n 1)
mirror=${mirror:-http://deb.debian.org/debian}
mkdir -p "$cache/archives"
find "$cache" -maxdepth 1 -name 'bookworm-minbase-*.tar' -mtime +7 -delete
scratch=$(mktemp -d)
debootstrap --print-debs --variant=minbase bookworm "$scratch" "$mirror" > "$scratch.list" 2> "$scratch.log" \
    || { tail -n 5 "$scratch.log" >&2; echo "clean-root: debootstrap could not list bookworm's packages from $mirror" >&2; exit 69; }
rm -f "$scratch.log"
rm -rf "$scratch"
key=$( { echo "bookworm minbase $mirror"; tr ' ' '\n' < "$scratch.list" | sort; } | sha256sum | cut -c1-16)
rm -f "$scratch.list"
tarball=$cache/bookworm-minbase-$key.tar
mkdir -p "$root"
if [[ -s $tarball ]]; then
    tar -xpf "$tarball" -C "$root"
    echo "debootstrap: the cached root $key ($(($(date +%s) - started)) s)"
else
    debootstrap --variant=minbase bookworm "$root" "$mirror" >/dev/null
    tar -cpf "$tarball.part" -C "$root" . && mv "$tarball.part" "$tarball"
    echo "debootstrap: a new root $key, cached ($(($(date +%s) - started)) s)"
fi
# The root is its own mount point, as a machine's / is: the tiers that unshare a mount
# namespace make their mounts private, which the kernel refuses on a plain directory.
mount --bind "$root" "$root"
mount --make-private "$root"
touch "$root/etc/departure-board-clean-root"
mkdir -p "$root/var/cache/apt/archives"
mount --bind "$cache/archives" "$root/var/cache/apt/archives"

mkdir -p "$root/opt/swift"
mount --bind "$toolchain" "$root/opt/swift"
mount -o remount,bind,ro "$root/opt/swift"
mount --bind /dev "$root/dev"; mount --bind /dev/pts "$root/dev/pts"
mount -t proc proc "$root/proc"; mount -t sysfs sys "$root/sys"
# A machine has these from its installer; debootstrap writes neither.
cp /etc/resolv.conf "$root/etc/resolv.conf"
cp /etc/hosts "$root/etc/hosts"
for mirror in "${mirrors[@]}"; do
    mkdir -p "$root/$mirror"
    mount --bind "/$mirror" "$root/$mirror"
    mount -o remount,bind,ro "$root/$mirror"
done
git config --system --get-regexp '^url\.' 2>/dev/null | while read -r key value; do
    git config --file "$root/etc/gitconfig" --add "$key" "$value"
done
# The checkout as a user would have cloned it (with its history, so --version names the commit).
git clone -q "$repo" "$root/src/departure-board"

in_root() {
    chroot "$root" /usr/bin/env -i HOME=/root TERM=dumb LANG=C.UTF-8 \
        PATH=/opt/swift/usr/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
        /bin/bash -c "cd /src/departure-board && $1"
}

for index in "${!commands[@]}"; do
    began=$(date +%s)
    status=0
    in_root "${commands[$index]}" > "$root/command-$index.log" 2>&1 || status=$?
    took=$(($(date +%s) - began))
    echo "command $((index + 1)) exit $status in $took s: ${commands[$index]}"
    tail -n 5 "$root/command-$index.log" | sed 's/^/  | /'
    if ((status != 0)); then echo "clean-root: FAILED (full log: $root/command-$index.log, kept)"; keep=yes; exit 1; fi
    if ((index == 0)); then
        preview=$(find "$root/src/departure-board" -maxdepth 1 -name 'preview.*' -newer "$root/src/departure-board/README.md" | head -n 1)
        [[ -s $preview ]] || { echo "clean-root: the first command wrote no preview"; keep=yes; exit 1; }
        echo "  preview: ${preview#$root} ($(stat -c %s "$preview") bytes)"
    fi
done
echo "clean-root: the README's $([[ $only_first == yes ]] && echo "first command" || echo "two commands") passed in $(($(date +%s) - started)) s"
