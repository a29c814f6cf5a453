#!/usr/bin/env bash
# Regenerates deploy/link/hot-functions.txt, the order lld lays out the release binary's
# functions in: the ones a sign runs, packed together at the start of .text. The kernel maps
# a binary's code 64 KiB around each page touched, so hot code scattered across 17 MB of text
# kept 8.8 MiB of it resident; packed, 4.7 MiB (README, Memory).
#
#   deploy/link/profile-hot-functions.sh        (needs valgrind: apt-get install valgrind)
#
# Profiles, under callgrind, what users run: render and run of the demo, API (http, https)
# and GTFS boards of Tests/Bench/bench-boards.sh, a GTFS import, validate and --help. Rerun it
# when start-up, the draw loop or a source's fetch path changes much; a function missing from
# the list is only laid out with the cold code, never an error.
set -euo pipefail

repo=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")/../.." && pwd)
command -v valgrind >/dev/null || { echo "profile-hot-functions.sh: needs valgrind (apt-get install valgrind)" >&2; exit 69; }
(cd "$repo" && swift build -c release --product departure-board >/dev/null 2>&1) || { echo "profile-hot-functions.sh: swift build -c release failed" >&2; exit 1; }
# valgrind 3.19 cannot read the toolchain's DWARF 5; the symbol table is all it needs.
profiled=$(mktemp -d)/departure-board
objcopy --strip-debug "$repo/.build/release/departure-board" "$profiled"
binary=$profiled
source "$repo/Tests/Bench/bench-boards.sh"
profiles=$work/profiles
mkdir "$profiles"

profile() {  # name, seconds, arguments...
    local name=$1 seconds=$2
    shift 2
    (cd "$repo" && SSL_CERT_FILE=$work/trust.pem timeout -s INT "$seconds" valgrind --tool=callgrind \
        --demangle=no --dump-instr=no --compress-strings=no --compress-pos=no \
        --callgrind-out-file="$profiles/$name.out" "$binary" "$@" >"$profiles/$name.log" 2>&1) || true
    [[ -s $profiles/$name.out ]] || { echo "profile-hot-functions.sh: no profile from $name" >&2; cat "$profiles/$name.log" >&2; exit 1; }
}
runs=()
for board in demo api-http api-https gtfs; do
    profile "render-$board" 120 render --board "$work/$board.yaml" --output "$work/$board.png" & runs+=($!)
done
for run in "${runs[@]}"; do wait "$run"; done  # each, so any failed profile stops the script
runs=()
for board in demo api-https gtfs; do
    # Long enough under valgrind for a few fetches and a few dozen frames.
    profile "run-$board" 45 run --board "$work/$board.yaml" --trace /dev/null & runs+=($!)
done
for run in "${runs[@]}"; do wait "$run"; done  # each, so any failed profile stops the script
profile import 120 gtfs import "$work/www/feed.zip" --board "$work/gtfs.yaml"
profile validate 60 validate "$work/api-https.yaml"
profile help 60 --help

python3 "$repo/deploy/link/hot_functions.py" "$binary" "$profiles"/*.out > "$repo/deploy/link/hot-functions.txt"
rm -rf "$(dirname "$profiled")"
# SwiftPM does not track the list as an input of the link: remove the binary so the next build links it again.
rm -f "$repo/.build/release/departure-board"
echo "deploy/link/hot-functions.txt: $(wc -l < "$repo/deploy/link/hot-functions.txt") functions"
