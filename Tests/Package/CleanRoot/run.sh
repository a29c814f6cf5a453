#!/usr/bin/env bash
# Proves the README's two commands on a clean Debian 12 root: debootstrap (minbase) plus the
# Swift toolchain directory and a clone of this checkout, nothing else. Runs the README's
# quick-start command, checks the preview image, then the README's test command, and prints
# how long each took. Too slow for every CI run (a clean build of everything, twice); run it
# before a release and put the figures in the release note.
#
#   sudo Tests/Package/CleanRoot/run.sh [--keep] [--root DIR] [--toolchain /opt/swift]
#
# Needs root (debootstrap, chroot, mounts) and Debian's archive over the network.
set -euo pipefail

repo=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")/../../.." && pwd)
root=/tmp/departure-board-clean-root
toolchain=$(dirname "$(dirname "$(dirname "$(readlink -f "$(command -v swift)")")")")
keep=no
while (($#)); do
    case $1 in
        --keep) keep=yes; shift ;;
        --root) root=$2; shift 2 ;;
        --toolchain) toolchain=$2; shift 2 ;;
        *) echo "run.sh: unknown option $1" >&2; exit 64 ;;
    esac
done
[[ $(id -u) -eq 0 ]] || { echo "run.sh: needs root (debootstrap, chroot)" >&2; exit 77; }
[[ -x $toolchain/usr/bin/swift ]] || { echo "run.sh: no Swift toolchain at $toolchain" >&2; exit 66; }
command -v debootstrap >/dev/null || apt-get install -y -q --no-install-recommends debootstrap >/dev/null

# The README's commands, read from the README itself: the two lines of the quick-start block.
mapfile -t commands < <(awk '/^## Quick start/{s=1} s&&/^```sh/{b=1;next} b&&/^```/{exit} b{print}' "$repo/README.md" \
    | sed -E 's/[[:space:]]+#.*$//' | grep -v '^[[:space:]]*$')
((${#commands[@]} == 2)) || { echo "run.sh: expected two commands in README's quick start, found ${#commands[@]}" >&2; exit 1; }
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
    for mount in dev/pts dev proc sys opt/swift "${mirrors[@]}"; do
        mountpoint -q "$root/$mount" && umount -l "$root/$mount" || true
    done
}
cleanup() { unmount_all; [[ $keep == yes ]] || rm -rf "$root"; }
trap cleanup EXIT
unmount_all
rm -rf "$root"

started=$(date +%s)
mirror=$(sed -n 's/^URIs: *//p' /etc/apt/sources.list.d/debian.sources 2>/dev/null | head -n 1)
debootstrap --variant=minbase bookworm "$root" "${mirror:-http://deb.debian.org/debian}" >/dev/null
echo "debootstrap: $(($(date +%s) - started)) s"

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

for index in 0 1; do
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
echo "clean-root: both README commands passed in $(($(date +%s) - started)) s"
