#!/usr/bin/env bash
# Builds the departure-board .deb for this machine's architecture (amd64 here, arm64 on a
# Raspberry Pi 4/5 or any arm64 Debian 12 host) from a checkout, then runs lintian on it.
#
#   deploy/build-package.sh [--out DIR] [--binary PATH] [--no-lintian]
#
# --binary packages a release binary built before (the kernel tier's, say) instead of
# running `swift build -c release`; departure-board-web, the HTTP server program, is taken
# from beside it. Needs debhelper, dpkg-dev and lintian
# (deploy/prepare.sh --package installs them). Prints the .deb's path last.
set -euo pipefail

script_dir=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")" && pwd)
repo_root=$(cd -- "$script_dir/.." && pwd)
out_dir=$repo_root/.build-deb
binary=
lintian=yes

while (($#)); do
    case $1 in
        --out) out_dir=$2; shift 2 ;;
        --binary) binary=$2; shift 2 ;;
        --no-lintian) lintian=no; shift ;;
        -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
        *) echo "build-package.sh: unknown option $1" >&2; exit 64 ;;
    esac
done

for tool in dpkg-buildpackage dh lintian; do
    if [[ $tool == lintian && $lintian == no ]]; then continue; fi
    command -v "$tool" >/dev/null || { echo "build-package.sh: $tool is missing (deploy/prepare.sh --package installs it)" >&2; exit 69; }
done

if [[ -z $binary ]]; then
    # Package.swift links release builds the way they ship (static Swift libraries, no PIE,
    # no exported symbols), so a plain release build is the packaged binary.
    (cd "$repo_root" && swift build -c release --product departure-board >&2 && swift build -c release --product departure-board-web >&2)
    binary=$(cd "$repo_root" && swift build -c release --show-bin-path)/departure-board
fi
web_binary=$(dirname -- "$binary")/departure-board-web
for program in "$binary" "$web_binary"; do
    [[ -x $program ]] || { echo "build-package.sh: no binary at $program" >&2; exit 66; }
    # A binary that still links full Foundation (and with it ICU and CoreFoundation's start-up
    # work) would break the memory budget without failing anything else.
    if nm "$program" 2>/dev/null | grep -q ' T $s10Foundation'; then
        echo "build-package.sh: $program links full Foundation; only FoundationEssentials belongs in the sign" >&2
        exit 1
    fi
done
# The sign's own binary carries no HTTP server: that is departure-board-web's, started only
# for a status: section or serve.
if nm "$binary" 2>/dev/null | grep -q ' T $s7NIOCore'; then
    echo "build-package.sh: $binary links SwiftNIO; the server belongs in departure-board-web" >&2
    exit 1
fi

version_line=$("$binary" --version)
version=$(sed -E 's/^departure-board ([0-9][0-9A-Za-z.+~-]*) .*/\1/' <<<"$version_line")
[[ $version =~ ^[0-9] ]] || { echo "build-package.sh: cannot read a version from '$version_line'" >&2; exit 1; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
source_dir=$work/departure-board-$version
staged=$source_dir/staged
mkdir -p "$staged"
cp -R "$script_dir/debian" "$source_dir/debian"

# The binary keeps no symbols or debug sections: 10x smaller, and the package ships no -dbgsym.
strip --strip-all -o "$staged/departure-board" "$binary"
strip --strip-all -o "$staged/departure-board-web" "$web_binary"
cp -R "$repo_root/Fonts" "$repo_root/Boards" "$staged/"
rm -rf "$staged/Fonts/tools" "$staged/Fonts/src"
find "$staged/Boards" -name '*.sh' -delete
# The service needs a panel driver: the default board is the common 256×64 SSD1322 OLED.
cp "$repo_root/Boards/ssd1322-spi.yaml" "$staged/board.yaml"
cp "$repo_root/README.md" "$repo_root/CHANGELOG.md" "$repo_root/THIRD-PARTY-NOTICES.md" \
   "$repo_root/deploy/RASPBERRY-PI.md" "$repo_root/deploy/SECURITY.md" "$repo_root/deploy/UPDATES.md" "$staged/"
sed -e 's#/usr/local/#/usr/#g' "$repo_root/deploy/departure-board.service" > "$source_dir/debian/departure-board.service"
# The updater and its units (debian/departure-board.install puts them in place; rules keeps
# the timer off). Their Documentation= is UPDATES.md, staged above.
cp "$repo_root/deploy/update/departure-board-update" "$staged/update"
cp "$repo_root/deploy/update/departure-board-update.service" "$repo_root/deploy/update/departure-board-update.timer" "$staged/"
"$script_dir/manual-page.sh" "$staged/departure-board" > "$staged/departure-board.1"

# A one-entry Debian changelog (changelog.Debian.gz); the project's own history, CHANGELOG.md,
# is the upstream changelog (changelog.gz).
commit=$("$binary" --version | sed -nE 's/.*commit ([^,]+),.*/\1/p')
cat > "$source_dir/debian/changelog" <<EOF
departure-board ($version-1) bookworm; urgency=medium

  * Package of release $version (commit ${commit:-unknown}); its changes are in
    /usr/share/doc/departure-board/changelog.gz.

 -- departure-board developers <departure-board@example.org>  $(date -R -d "@${SOURCE_DATE_EPOCH:-$(git -C "$repo_root" log -1 --format=%ct 2>/dev/null || date +%s)}")
EOF

(cd "$source_dir" && dpkg-buildpackage -b -uc -us --no-sign >&2)
arch=$(dpkg-architecture -qDEB_HOST_ARCH)
deb=departure-board_${version}-1_${arch}.deb
mkdir -p "$out_dir"
mv "$work/$deb" "$out_dir/$deb"

if [[ $lintian == yes ]]; then
    # Errors and warnings in full (they fail the build); informational tags as one line of counts.
    report=$(lintian --fail-on error,warning --display-info "$out_dir/$deb" 2>&1) || { echo "lintian $deb:" >&2; echo "$report" >&2; exit 1; }
    grep -v '^I: ' <<<"$report" >&2 || true
    infos=$(grep '^I: ' <<<"$report" | awk '{print $3}' | sort | uniq -c | sort -rn | awk '{printf "%s%s ×%s", sep, $2, $1; sep=", "}')
    echo "lintian $deb: no errors or warnings${infos:+; informational: $infos}" >&2
fi
echo "$out_dir/$deb"
