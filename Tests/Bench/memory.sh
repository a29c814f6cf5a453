#!/usr/bin/env bash
# Peak memory and start-up to first frame of the binary users get, for each kind of board,
# beside the Python board it replaces (luma.oled + Pillow drawing the same SSD1322 frame).
#
#   Tests/Bench/memory.sh [BINARY]      (default: .build/release/departure-board)
#
# Boards, all on the SSD1322 panel over a trace bus: the demo timetable; the departures API
# over http and over https (python3 servers on 127.0.0.1, the https one with a certificate
# made here, trusted beside the system's roots through SSL_CERT_FILE, so the TLS context
# parses the whole CA bundle as users' boards do); a SIRI board over http (40 visits in XML,
# read by libxml2); a OneBusAway stop and a `kind: json` API (40 rows each) over http; a GTFS board whose store was imported from a
# generated feed, polling a GTFS-Realtime feed; a board of two such GTFS sources (two stores) and
# an API stop. `departure-board bench` starts each as users
# do and reads the child's own peak RSS. Then the demo board with a status: section: the peaks
# of the sign and of the server program it starts. luma.oled comes from PyPI into a scratch venv.
set -euo pipefail

repo=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")/../.." && pwd)
binary=$(readlink -f "${1:-$repo/.build/release/departure-board}")
[[ -x $binary ]] || { echo "memory.sh: no binary at $binary (swift build -c release)" >&2; exit 66; }
source "$repo/Tests/Bench/bench-boards.sh"

echo "binary: $binary ($(du -m "$binary" | cut -f1) MB; $("$binary" --version))"
# From the checkout, so the boards' fonts are found in Fonts/ as users' boards find theirs.
(cd "$repo" && SSL_CERT_FILE=$work/trust.pem "$binary" bench --frames 1 --seconds 5 \
    --board "$work/demo.yaml" --board "$work/api-http.yaml" --board "$work/api-https.yaml" --board "$work/gtfs.yaml" --board "$work/gtfs-alerts-vp.yaml" \
    --board "$work/several.yaml" --board "$work/siri-http.yaml" --board "$work/onebusaway-http.yaml" --board "$work/json-http.yaml") \
    | grep -E '^(render|run) ' | sed "s#$work/##"
# Reading a busy stop's SIRI answer (500 visits) into rows, as XML and as SIRI Lite JSON.
for answer in sm-500.xml sm-500.json; do "$binary" bench --siri-answer "$work/www/siri/$answer" | sed "s#$work/www/siri/##"; done
# And a JSON API's 500 predictions through the json-http board's mapping.
"$binary" bench --json-answer "$work/www/json/arrivals-500.json" --board "$work/json-http.yaml" | sed "s#$work/www/json/##"

# The demo board with a status: section: the sign and the server program it starts
# (departure-board-web, beside the binary), each one's peak after every page was asked 5 times.
mib() { awk '/^VmHWM/ { printf "%.1f MiB", $2 / 1024 }' "/proc/$1/status"; }
{ cat demo.yaml; printf 'status:\n  listen: 127.0.0.1:18593\n'; } > status.yaml
(cd "$repo" && exec "$binary" run --board "$work/status.yaml" --trace /dev/null 2>/dev/null) & sign=$!
for _ in $(seq 100); do curl -sf -o /dev/null http://127.0.0.1:18593/status.json && break; sleep 0.1; done
for _ in 1 2 3 4 5; do for page in / /frame.png /status.json /metrics; do curl -s -o /dev/null "http://127.0.0.1:18593$page"; done; done
server=$(pgrep -P "$sign" -f "departure-board-web status" || true)
[[ -n $server ]] || { echo "status: no departure-board-web beside $binary"; kill "$sign"; exit 1; }
echo "run demo + status: sign $(mib "$sign"), its server $(mib "$server") ($(awk '/^Threads/ {print $2}' "/proc/$server/status") threads)"
kill -TERM "$sign"; wait "$sign" || true

python3 -m venv luma-venv >/dev/null
luma-venv/bin/pip install -q luma.oled >/dev/null 2>&1 || { echo "luma: pip install luma.oled failed (no PyPI?)"; exit 0; }
(cd "$repo" && "$binary" render --board "$work/demo.yaml" --output "$work/state.json" --now 2026-11-23T09:30:00+11:00)
luma=$(luma-venv/bin/python "$repo/Tests/Bench/luma_ssd1322.py" state.json)
echo "luma.oled $(luma-venv/bin/pip show luma.oled | sed -n 's/^Version: //p') + Pillow $(luma-venv/bin/pip show pillow | sed -n 's/^Version: //p'), the same SSD1322 frame: peak RSS $((luma / 1024)).$((luma % 1024 * 10 / 1024)) MiB"
