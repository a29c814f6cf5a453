#!/usr/bin/env bash
# Regenerates deploy/link/hot-functions.txt and hot-functions-web.txt, the orders lld lays
# out the release binaries' functions in: the ones a sign (and its server program) runs,
# packed together at the start of .text. The kernel maps
# a binary's code 64 KiB around each page touched, so hot code scattered across 17 MB of text
# kept 8.8 MiB of it resident; packed, 4.7 MiB (Sources/README.md, "Memory figures").
#
#   deploy/link/profile-hot-functions.sh        (needs valgrind: apt-get install valgrind)
#
# Profiles, under callgrind, what users run: render of every board kind of
# Tests/Bench/bench-boards.sh (demo, API over http and https, GTFS with and without alerts and
# vehicles, several sources, SIRI, OneBusAway, kind: json) and of the desktop preview, run of
# the demo, API (http, https) and GTFS boards, a GTFS import, validate and --help; for
# departure-board-web, a demo sign's status page and a hub, each asked for every page. Rerun it
# when start-up, the draw loop or a source's fetch path changes much; a function missing from
# the list is only laid out with the cold code, never an error.
set -euo pipefail

repo=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")/../.." && pwd)
command -v valgrind >/dev/null || { echo "profile-hot-functions.sh: needs valgrind (apt-get install valgrind)" >&2; exit 69; }
(cd "$repo" && swift build -c release --product departure-board >/dev/null 2>&1 && swift build -c release --product departure-board-web >/dev/null 2>&1) \
    || { echo "profile-hot-functions.sh: swift build -c release failed" >&2; exit 1; }
# valgrind 3.19 cannot read the toolchain's DWARF 5; the symbol table is all it needs. The
# server program beside the sign, where the sign looks for it.
profiled=$(mktemp -d)/departure-board
objcopy --strip-debug "$repo/.build/release/departure-board" "$profiled"
objcopy --strip-debug "$repo/.build/release/departure-board-web" "$profiled-web"
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
for board in gtfs-alerts-vp several siri-http onebusaway-http json-http; do
    profile "render-$board" 120 render --board "$work/$board.yaml" --output "$work/$board.png" & runs+=($!)
done
profile render-preview 120 render --board "$repo/Boards/preview.yaml" --output "$work/preview.png" & runs+=($!)
for run in "${runs[@]}"; do wait "$run"; done  # each, so any failed profile stops the script
runs=()
for board in demo api-http api-https gtfs; do
    # Long enough under valgrind for a few fetches and a few dozen frames.
    profile "run-$board" 45 run --board "$work/$board.yaml" --trace /dev/null & runs+=($!)
done
for run in "${runs[@]}"; do wait "$run"; done  # each, so any failed profile stops the script
profile import 120 gtfs import "$work/www/feed.zip" --board "$work/gtfs.yaml"
profile validate 60 validate "$work/api-https.yaml"
profile help 60 --help

python3 "$repo/deploy/link/hot_functions.py" "$binary" "$profiles"/*.out > "$repo/deploy/link/hot-functions.txt"

# The server program: a demo sign's status page (callgrind follows the sign into the server it
# starts) and a hub of a demo and a file stop, each asked for every page a few times.
ask() {  # port, paths...
    local port=$1
    shift
    for _ in $(seq 100); do curl -sf -o /dev/null "http://127.0.0.1:$port$1" && break; sleep 0.5; done
    for _ in 1 2 3; do for path in "$@"; do curl -s -o /dev/null "http://127.0.0.1:$port$path"; done; done
}
{ cat "$work/demo.yaml"; printf 'status:\n  listen: 127.0.0.1:18591\n'; } > "$work/status.yaml"
# exec: $! is valgrind itself, so the SIGINT below reaches it.
(cd "$repo" && exec valgrind --tool=callgrind --trace-children=yes --demangle=no --dump-instr=no --compress-strings=no \
    --compress-pos=no --callgrind-out-file="$profiles/web-status.%p.out" "$binary" run --board "$work/status.yaml" \
    --trace /dev/null >"$profiles/web-status.log" 2>&1) & sign=$!
ask 18591 /status.json / /frame.png /metrics /nothing
kill -INT "$sign"; wait "$sign" || true
printf 'listen: 127.0.0.1:18592\nstops:\n  - id: central\n    timezone: Australia/Sydney\n    source: {kind: demo}\n  - id: saved\n    timezone: Australia/Sydney\n    source: {kind: file, path: %s}\n' \
    "$repo/Boards/hub/saved-departures.json" > "$work/hub.yaml"
(cd "$repo" && exec valgrind --tool=callgrind --demangle=no --dump-instr=no --compress-strings=no --compress-pos=no \
    --callgrind-out-file="$profiles/web-hub.out" "$binary-web" hub "$work/hub.yaml" >"$profiles/web-hub.log" 2>&1) & hub=$!
ask 18592 /api/v1/stops/central/departures /api/v1/stops/saved/departures /status.json /metrics /api/v1/stops/none/departures
kill -INT "$hub"; wait "$hub" || true
python3 "$repo/deploy/link/hot_functions.py" "$binary-web" "$profiles"/web-*.out > "$repo/deploy/link/hot-functions-web.txt"
[[ -s $repo/deploy/link/hot-functions-web.txt ]] || { echo "profile-hot-functions.sh: no profile of departure-board-web" >&2; exit 1; }

rm -rf "$(dirname "$profiled")"
# SwiftPM does not track the lists as inputs of the link: remove the binaries so the next build links them again.
rm -f "$repo/.build/release/departure-board" "$repo/.build/release/departure-board-web"
echo "deploy/link/hot-functions.txt: $(wc -l < "$repo/deploy/link/hot-functions.txt") functions"
echo "deploy/link/hot-functions-web.txt: $(wc -l < "$repo/deploy/link/hot-functions-web.txt") functions"
