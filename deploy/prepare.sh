#!/usr/bin/env bash
# Installs what building departure-board needs on Debian 12 or 13 / Raspberry Pi OS (bookworm, trixie),
# and only what is missing: safe to run again, and it asks for sudo only when it installs.
#
#   deploy/prepare.sh              build and run: the C libraries, headers and data files
#   deploy/prepare.sh --tests      + what the test suite drives (browser, cache, proxy, parsers)
#   deploy/prepare.sh --package    + build-essential (dpkg-buildpackage insists), debhelper,
#                                  lintian and help2man for the .deb; reprepro and gnupg
#                                  for the signed repository (deploy/repository.sh)
#
# The one list of the project's Debian build dependencies: .ci/run, the README's quick
# start and deploy/build-package.sh all come here.
set -euo pipefail

# The Swift toolchain's own needs on a bare system (linker, C library and C++ headers, and
# the shared libraries swift, swift-build and swift-frontend load: found by Tests/Package/CleanRoot),
# then the C libraries the package links through its system-library targets, and libssl3,
# which the HTTP client loads (dlopen) on the first https request; libssl-dev for the
# headers that type the loader's calls (build time only: nothing links libssl); likewise
# libharfbuzz-dev and libfribidi-dev for the text shaper, which loads them on first need;
# libespeak-ng-dev for the header that types the speech loader's calls (espeak-ng is loaded
# on the first text spoken), with libespeak-ng1 and espeak-ng-data, which `say` and the
# speech tests use at run time; libasound2-dev for ALSA's header, which types the sound
# loader's calls (libasound2 is loaded when a board first speaks).
# Debian 13 (trixie) has GCC 14, the t64 OpenSSL and libcurl packages, and libgpiod 2.x
# (libgpiod-dev either way: the GPIO layer builds against both APIs).
case $( . /etc/os-release 2>/dev/null; printf '%s' "${VERSION_CODENAME:-}") in
    bookworm|"") release=(libgcc-12-dev libstdc++-12-dev libcurl4 libncurses6 libssl3) ;;
    *)           release=(libgcc-14-dev libstdc++-14-dev libcurl4t64 libncurses6 libssl3t64) ;;
esac
packages=(binutils libc6-dev "${release[@]}" libxml2 git ca-certificates
          libgpiod-dev libi2c-dev libfreetype-dev zlib1g-dev libsqlite3-dev libyaml-dev libxml2-dev libssl-dev
          libharfbuzz-dev libfribidi-dev libespeak-ng-dev libespeak-ng1 espeak-ng-data libasound2-dev
          fonts-dejavu-core tzdata pkg-config)
while (($#)); do
    case $1 in
        # Real clients of the status page and the hub: a browser, Prometheus' own text parser, a cache;
        # and a TLS server for the HTTP client's tests: python3's ssl module, certificates from openssl;
        # curl for the package test's requests to the installed server program; tinyproxy, the
        # proxy the HTTP client's proxy tests start; Debian's bitmap CJK and Unifont fonts, which
        # the boards in other scripts (Boards/tokyo-*, jerusalem, dubai) fall back on.
        --tests) packages+=(chromium python3-websocket python3-prometheus-client nginx python3 openssl curl tinyproxy
                            xfonts-wqy xfonts-unifont); shift ;;
        --package) packages+=(build-essential debhelper dpkg-dev fakeroot lintian help2man reprepro gnupg); shift ;;
        -h|--help) sed -n '2,/^[^#]/{/^#/p}' "$0"; exit 0 ;;
        *) echo "prepare.sh: unknown option $1" >&2; exit 64 ;;
    esac
done

# shellcheck source=deploy/packages.sh
. "$(dirname -- "${BASH_SOURCE[0]}")/packages.sh"
mapfile -t missing < <(missing_packages "${packages[@]}")
if ((${#missing[@]} == 0)); then
    exit 0
fi
echo "prepare.sh: installing ${missing[*]}" >&2
sudo=()
[[ $(id -u) -eq 0 ]] || sudo=(sudo)
"${sudo[@]}" apt-get update -q
"${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}"
