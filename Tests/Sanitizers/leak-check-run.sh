#!/usr/bin/env bash
# LeakSanitizer over a running sign: `departure-board run` built with AddressSanitizer,
# refreshing every second for SECONDS (default 300, so ~300 refreshes) against feeds on
# 127.0.0.1, then stopped with SIGTERM as systemd stops it. Two boards run one after the
# other: a GTFS board (timetable downloaded and imported at start, TripUpdates polled each
# refresh) and an API board whose status page is asked for every page each second. Leak reports whose stacks pass through the project's own
# modules fail the run; the rest (Swift runtime caches, libc) are counted and printed.
#
#   Tests/Sanitizers/leak-check-run.sh [SECONDS]
set -uo pipefail
cd "$(dirname "$0")/../.."
seconds=${1:-300}
scratch=.build-address
work=$(mktemp -d "${TMPDIR:-/tmp}/leak-check.XXXXXX")
trap 'kill $server 2>/dev/null; rm -rf "$work"' EXIT

echo "== building departure-board with -sanitize=address ($scratch)"
for product in departure-board departure-board-web; do
    swift build --product "$product" --sanitize=address --scratch-path "$scratch" >"$work/build.log" 2>&1 \
        || { tail -30 "$work/build.log"; exit 1; }
done
binary="$scratch/debug/departure-board"

# A timetable with a trip every 10 minutes all day, its TripUpdates (hand-encoded protobuf:
# the project's own decoder reads it) and an API answer, served by Python's http.server.
python3 - "$work" <<'EOF'
import json, sys, time, zipfile
work = sys.argv[1]
trips = "route_id,service_id,trip_id,trip_headsign\n"
times = "trip_id,arrival_time,departure_time,stop_id,stop_sequence\n"
for n in range(144):
    m = n * 10
    trips += f"R1,ALL,t{n:03d},Hornsby\n"
    times += f"t{n:03d},{m//60:02d}:{m%60:02d}:00,{m//60:02d}:{m%60:02d}:00,CEN,1\n"
    times += f"t{n:03d},{(m+8)//60:02d}:{(m+8)%60:02d}:00,{(m+8)//60:02d}:{(m+8)%60:02d}:00,NTH,2\n"
with zipfile.ZipFile(f"{work}/feed.zip", "w", zipfile.ZIP_DEFLATED) as z:
    z.writestr("agency.txt", "agency_id,agency_name,agency_url,agency_timezone\nA,Trains,https://example.invalid,Australia/Sydney\n")
    z.writestr("stops.txt", "stop_id,stop_name\nCEN,Central\nNTH,North Sydney\n")
    z.writestr("routes.txt", "route_id,route_short_name,route_long_name,route_type\nR1,T1,North Shore,2\n")
    z.writestr("calendar.txt", "service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date\nALL,1,1,1,1,1,1,1,20200101,20351231\n")
    z.writestr("trips.txt", trips)
    z.writestr("stop_times.txt", times)

def varint(v):
    out = bytearray()
    while True:
        b = v & 0x7F
        v >>= 7
        out.append(b | (0x80 if v else 0))
        if not v: return bytes(out)
def field(number, wire, payload):
    key = varint(number << 3 | wire)
    return key + (varint(payload) if wire == 0 else varint(len(payload)) + payload)
header = field(1, 2, b"2.0") + field(3, 0, int(time.time()))
feed = field(1, 2, header)
for n in range(144):
    stop = field(4, 2, b"CEN") + field(3, 2, field(1, 0, 120))           # departure.delay = 120
    update = field(1, 2, field(1, 2, f"t{n:03d}".encode())) + field(2, 2, stop)
    feed += field(2, 2, field(1, 2, f"t{n:03d}".encode()) + field(3, 2, update))
open(f"{work}/trip-updates.pb", "wb").write(feed)

now = time.localtime()
secs = now.tm_hour * 3600 + now.tm_min * 60 + now.tm_sec
rows = [{"trip_id": f"a{i}", "route_short_name": "T1", "headsign": "Hornsby",
         "scheduled_time_secs": secs + 300 * i, "realtime_time_secs": secs + 300 * i + 60,
         "delay_s": 60, "realtime": True} for i in range(1, 40)]
import os
os.makedirs(f"{work}/api/v1/stops/200060", exist_ok=True)
open(f"{work}/api/v1/stops/200060/departures", "w").write(json.dumps({"data": rows}))
EOF
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
(cd "$work" && exec python3 -m http.server "$port" --bind 127.0.0.1 >"$work/server.log" 2>&1) &
server=$!
sleep 1

cat >"$work/gtfs.yaml" <<EOF
name: Leak check GTFS
timezone: Australia/Sydney
source:
  kind: gtfs
  store: $work/store.sqlite
  stop_ids: [CEN]
  schedule_url: http://127.0.0.1:$port/feed.zip
  trip_updates_url: http://127.0.0.1:$port/trip-updates.pb
  refresh_interval: 1s
  realtime_max_age: 1h
departures:
  max_backoff: 5s
display: {width: 256, height: 64, format: gray4, rows: 3}
EOF
status_port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
cat >"$work/api.yaml" <<EOF
name: Leak check API
status:
  listen: 127.0.0.1:$status_port
source:
  kind: api
  base_url: http://127.0.0.1:$port
  stop_id: "200060"
  refresh_interval: 1s
departures:
  max_backoff: 5s
display: {width: 256, height: 64, format: gray4, rows: 3}
EOF

failed=0
for board in gtfs api; do
    echo "== $board board: run for $seconds s"
    ASAN_OPTIONS=detect_leaks=1:exitcode=0:verbosity=1 \
        "$binary" run --board "$work/$board.yaml" --output "$work/$board.png" --log-level notice \
        >"$work/$board.out" 2>"$work/$board.err" &
    pid=$!
    if [ "$board" = api ]; then
        # The API board also serves its status page: every page once a second, answered by
        # the sign over its link to the page server.
        for _ in $(seq "$seconds"); do
            for page in / /status.json /metrics /frame.png; do
                curl -s -o /dev/null -w "%{http_code}\n" "http://127.0.0.1:$status_port$page" >>"$work/pages" 2>/dev/null
            done
            sleep 1
        done
    else
        sleep "$seconds"
    fi
    kill -TERM "$pid"
    wait "$pid"
    status=$?
    refreshes=$(grep -c "GET /\(api\|trip-updates\)" "$work/server.log")
    : >"$work/server.log"
    # One block per leak: "Direct/Indirect leak of N byte(s) in M object(s) allocated from:" + frames.
    total=$(grep -cE "^(Direct|Indirect) leak" "$work/$board.err")
    ours=$(awk '/^(Direct|Indirect) leak/ {block=$0; keep=0; next}
                /^ *#[0-9]+ / && block != "" && /\/Sources\// && !/\/checkouts\// {keep=1}
                /^$/ && block != "" {if (keep) print block; block=""; keep=0}' "$work/$board.err" | wc -l)
    pages=$(grep -c "^200" "$work/pages" 2>/dev/null || true)
    echo "$board: exit $status, $refreshes feed requests, ${pages:-0} status pages answered, $total leak reports, $ours through the project's code"
    # verbosity=1 makes LeakSanitizer say it ran: a sign that exits without running its
    # exit handlers would otherwise look clean.
    checked=$(grep -c "LeakSanitizer: checking for leaks" "$work/$board.err")
    [ "$checked" -eq 1 ] || echo "   LeakSanitizer did not run at exit"
    if [ "$status" -ne 0 ] || [ "$ours" -ne 0 ] || [ "$checked" -ne 1 ] || [ "$refreshes" -lt $((seconds / 2)) ] \
        || grep -q "ERROR: AddressSanitizer" "$work/$board.err"; then
        failed=$((failed + 1))
        cp "$work/$board.err" ".build-leak-$board.log"
        echo "   details: .build-leak-$board.log"
    fi
done
[ "$failed" -eq 0 ] && echo "leak check: clean" || echo "leak check: $failed board(s) failed"
[ "$failed" -eq 0 ]
