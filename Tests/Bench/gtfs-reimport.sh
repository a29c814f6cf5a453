#!/usr/bin/env bash
# Measures a running board re-importing its published timetable (issue figures, not a test):
# download + import time, the process's peak memory, and the longest gap between two frames
# while the import runs. The board is a 32×8 scrolling ticker, so frames normally come every
# ~42 ms; its trace file grows with each frame.
#   Tests/Bench/gtfs-reimport.sh [stop_times rows, default 1000000]
set -euo pipefail
cd "$(dirname "$0")/../.."
rows=${1:-1000000}
work=$(mktemp -d /tmp/gtfs-reimport-XXXXXX)
trap 'kill $(jobs -p) 2>/dev/null || true; rm -rf "$work"' EXIT

swift build -c release --product departure-board >/dev/null
swift build -c release --product gtfs-import-bench >/dev/null
bin=$(swift build -c release --show-bin-path)
GTFS_BENCH_KEEP_ZIP="$work/feed.zip" "$bin/gtfs-import-bench" "$rows" >/dev/null

port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
(cd "$work" && exec python3 -m http.server "$port" --bind 127.0.0.1 >/dev/null 2>&1) &
cat > "$work/board.yaml" <<YAML
name: Reimport
timezone: Australia/Sydney
source: {kind: gtfs, stop_ids: ["R7-S10"], store: store.sqlite, schedule_url: "http://127.0.0.1:$port/feed.zip"}
display: {width: 32, height: 8, format: mono, layout: ticker}
output: {driver: max7219}
YAML
# A store without a .source file: the board checks the URL at once and re-imports beside the draw loop.
"$bin/departure-board" gtfs import "$work/feed.zip" --board "$work/board.yaml" >/dev/null
"$bin/departure-board" run --board "$work/board.yaml" --trace "$work/trace.jsonl" --log-level notice 2>"$work/log" &
pid=$!
python3 - "$work" "$pid" <<'PY'
import os, sys, time
work, pid = sys.argv[1], sys.argv[2]
trace = os.path.join(work, "trace.jsonl")
def importing():
    return any(".download-" in name for name in os.listdir(work))
def vmhwm():
    with open(f"/proc/{pid}/status") as f:
        return next(int(l.split()[1]) for l in f if l.startswith("VmHWM"))
size, last, gaps, began, ended = 0, None, [], None, None
deadline = time.monotonic() + 600
while time.monotonic() < deadline:
    now = time.monotonic()
    busy = importing()
    if busy and began is None: began = now
    if began is not None and not busy and ended is None: ended = now
    grown = os.path.getsize(trace) if os.path.exists(trace) else 0
    if grown > size:
        # Any gap that overlaps the import counts, including one that ends after it.
        if last is not None and began is not None and (ended is None or last < ended): gaps.append(now - last)
        size, last = grown, now
    if ended is not None and now - ended > 2: break
    time.sleep(0.002)
print(f"download + import: {ended - began:.2f} s; peak RSS of the running board: {vmhwm() / 1024:.1f} MiB")
print(f"frames during the import: {len(gaps)} in {ended - began:.1f} s; longest gap between two frames: {max(gaps) * 1000:.0f} ms; "
      f"median {sorted(gaps)[len(gaps) // 2] * 1000:.0f} ms" if gaps else "no frames seen")
PY
kill -TERM "$pid"; wait "$pid" || true
grep -E "timetable" "$work/log" || true
