#!/usr/bin/env bash
# Bytes a sign moves polling an unchanged hub stop, counted on the socket between the two
# real programs (a benchmark, not a test). `departure-board serve` runs a hub whose stop is a
# file of 20 rows; `departure-board run` polls it through a small relay that counts each
# connection's bytes both ways (HTTP as sent: request head, response head and body; TCP/IP
# headers not included). "before" strips If-None-Match and If-Modified-Since from the sign's
# requests, which is what a sign without conditional requests sends, so the hub answers 200
# every time; "after" passes them. The sign polls every 2 s to gather samples quickly; the
# bytes of a poll do not depend on the interval, and the hour is 120 polls (30 s).
#
#   Tests/Bench/sign-bytes.sh [BIN_DIR]      # default .build/debug (after swift build)
set -euo pipefail
cd "$(dirname "$0")/../.."
bin=${1:-.build/debug}
[ -x "$bin/departure-board" ] && [ -x "$bin/departure-board-web" ] || { echo "sign-bytes: build first (swift build)" >&2; exit 1; }
bin=$(cd "$bin" && pwd)
work=$(mktemp -d)
pids=()
cleanup() { for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null || true; done; rm -rf "$work"; }
trap cleanup EXIT

# 20 rows in the API's format, as a busy stop's answer.
python3 - "$work/stop.json" <<'PY'
import json, sys
rows = [{"trip_id": f"T{1 + i % 9}-{1000 + i}", "route_short_name": f"T{1 + i % 9}", "headsign": ["Emu Plains", "Hornsby", "Richmond", "Cronulla"][i % 4],
         "scheduled_time_secs": 34200 + 180 * i, "realtime_time_secs": 34200 + 180 * i + 60 * (i % 3), "delay_s": 60 * (i % 3),
         "realtime": i % 3 != 0, "platform": str(1 + i % 24)} for i in range(20)]
json.dump({"data": rows}, open(sys.argv[1], "w"), indent=1)
PY
printf 'listen: 127.0.0.1:0\nstops: [{id: central, timezone: Australia/Sydney, source: {kind: file, path: stop.json, refresh_interval: 30s}}]\n' >"$work/hub.yaml"
"$bin/departure-board" serve "$work/hub.yaml" 2>"$work/hub.log" &
pids+=($!)
hub_port=""
for _ in $(seq 100); do
    hub_port=$(sed -n 's|.*hub serving .* at http://127\.0\.0\.1:\([0-9]*\)/.*|\1|p' "$work/hub.log")
    [ -n "$hub_port" ] && break
    sleep 0.1
done
[ -n "$hub_port" ] || { echo "sign-bytes: the hub did not start:" >&2; cat "$work/hub.log" >&2; exit 1; }

# The relay: one line per connection, "<bytes up> <bytes down> <status>".
cat >"$work/relay.py" <<'PY'
import socket, sys, threading
listen_port_file, upstream, strip, log = sys.argv[1], int(sys.argv[2]), sys.argv[3] == "strip", open(sys.argv[4], "a", buffering=1)
server = socket.socket(); server.bind(("127.0.0.1", 0)); server.listen(16)
open(listen_port_file, "w").write(str(server.getsockname()[1]))
def serve(client):
    hub = socket.create_connection(("127.0.0.1", upstream))
    head = b""
    while b"\r\n\r\n" not in head:
        chunk = client.recv(65536)
        if not chunk: return
        head += chunk
    if strip:
        lines = head.split(b"\r\n")
        head = b"\r\n".join(l for l in lines if not l.lower().startswith((b"if-none-match:", b"if-modified-since:")))
    hub.sendall(head)
    down = b""
    while True:
        chunk = hub.recv(65536)
        if not chunk: break
        down += chunk
        client.sendall(chunk)
    log.write(f"{len(head)} {len(down)} {down.split(b' ', 2)[1].decode()}\n")
    client.close(); hub.close()
while True:
    connection, _ = server.accept()
    threading.Thread(target=serve, args=(connection,), daemon=True).start()
PY

measure() {
    local mode=$1
    python3 "$work/relay.py" "$work/port-$mode" "$hub_port" "$mode" "$work/$mode.log" &
    pids+=($!)
    for _ in $(seq 50); do [ -s "$work/port-$mode" ] && break; sleep 0.1; done
    printf 'name: Central\ntimezone: Australia/Sydney\nsource: {kind: api, base_url: "http://127.0.0.1:%s", stop_id: central, refresh_interval: 2s}\n' \
        "$(cat "$work/port-$mode")" >"$work/sign-$mode.yaml"
    "$bin/departure-board" run --board "$work/sign-$mode.yaml" --output "$work/frame-$mode.png" 2>"$work/sign-$mode.err" &
    local sign=$!
    sleep 21
    kill "$sign"; wait "$sign" 2>/dev/null || true
    # The first poll is a full answer either way; the hour is the polls after it.
    awk -v mode="$mode" 'NR == 1 { printf "%-6s first poll: %d up + %d down (%s)\n", mode, $1, $2, $3; next }
        { up += $1; down += $2; n++; status[$3]++ }
        END { s = ""; for (k in status) s = s k "×" status[k] " "
              printf "%-6s later polls: %d (%s), %.0f up + %.0f down = %.0f bytes each; 120 polls/hour: %.0f bytes (%.1f KiB)\n",
                     mode, n, s, up / n, down / n, (up + down) / n, 120 * (up + down) / n, 120 * (up + down) / n / 1024 }' "$work/$mode.log"
}
measure strip
measure pass
