#!/usr/bin/env bash
# The hub's figures on this machine (a benchmark, not a test): requests/s and p99 latency
# with wrk at 64 connections, straight to the hub and through nginx's cache, and the hub's
# peak RSS serving 50 stops (25 demo, 25 file). Needs wrk and nginx (apt-get install wrk nginx).
#
#   Tests/Bench/hub-wrk.sh [SECONDS]      # default 15 s per run
set -euo pipefail
cd "$(dirname "$0")/../.."
duration=${1:-15}
nginx=/usr/sbin/nginx
command -v wrk >/dev/null || { echo "hub-wrk: wrk is required (apt-get install wrk)" >&2; exit 1; }
[ -x "$nginx" ] || { echo "hub-wrk: nginx is required (apt-get install nginx)" >&2; exit 1; }

swift build -c release --product departure-board >&2 && swift build -c release --product departure-board-web >&2
binary=$PWD/.build/release/departure-board
work=$(mktemp -d)
hub_pid="" nginx_pid=""
cleanup() {
    [ -n "$nginx_pid" ] && kill "$nginx_pid" 2>/dev/null && wait "$nginx_pid" 2>/dev/null
    [ -n "$hub_pid" ] && kill "$hub_pid" 2>/dev/null && wait "$hub_pid" 2>/dev/null
    rm -rf "$work"
}
trap cleanup EXIT

# A port nothing listens on.
free_port() {
    local port
    for port in $(seq "$1" $(($1 + 200))); do
        (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null || { echo "$port"; return; }
    done
    return 1
}

# 50 stops: odd ones on the demo timetable, even ones read from a saved file.
cp Boards/hub/saved-departures.json "$work/saved.json"
{
    echo "listen: 127.0.0.1:0"
    echo "stops:"
    for i in $(seq -w 1 50); do
        if [ $((10#$i % 2)) -eq 1 ]; then
            echo "  - {id: stop-$i, source: {kind: demo, refresh_interval: 30s}}"
        else
            echo "  - {id: stop-$i, source: {kind: file, path: saved.json, refresh_interval: 30s}}"
        fi
    done
} >"$work/hub.yaml"

"$binary" serve "$work/hub.yaml" 2>"$work/hub.log" &
hub_pid=$!
# The log names the port the system picked: "hub serving 50 stops at http://127.0.0.1:PORT/".
hub_port=""
for _ in $(seq 100); do
    hub_port=$(sed -n 's|.*hub serving .* at http://127\.0\.0\.1:\([0-9]*\)/.*|\1|p' "$work/hub.log")
    [ -n "$hub_port" ] && break
    sleep 0.1
done
[ -n "$hub_port" ] || { echo "hub-wrk: the hub did not start:" >&2; cat "$work/hub.log" >&2; exit 1; }

nginx_port=$(free_port 18500)
mkdir -p "$work/nginx/tmp" "$work/nginx/cache"
cat >"$work/nginx/nginx.conf" <<EOF
worker_processes 1;
master_process off;
pid $work/nginx/nginx.pid;
error_log $work/nginx/error.log warn;
events { worker_connections 4096; }
http {
    access_log off;
    client_body_temp_path $work/nginx/tmp/body;
    proxy_temp_path $work/nginx/tmp/proxy;
    fastcgi_temp_path $work/nginx/tmp/fastcgi;
    uwsgi_temp_path $work/nginx/tmp/uwsgi;
    scgi_temp_path $work/nginx/tmp/scgi;
    proxy_cache_path $work/nginx/cache levels=1:2 keys_zone=departures:10m max_size=64m inactive=1h use_temp_path=off;
    upstream hub { server 127.0.0.1:$hub_port; keepalive 16; }
    server {
        listen 127.0.0.1:$nginx_port;
        location / {
            proxy_pass http://hub;
            proxy_http_version 1.1;
            proxy_set_header Connection "";
            proxy_cache departures;
            proxy_cache_lock on;
            # No proxy_cache_use_stale: the hub's stale-while-revalidate and stale-if-error decide,
            # so a dead hub's answers are not served past its stale limit.
            proxy_cache_background_update on;
            proxy_cache_revalidate on;
        }
    }
}
EOF
"$nginx" -p "$work/nginx" -c "$work/nginx/nginx.conf" -g 'daemon off;' 2>"$work/nginx/stderr.log" &
nginx_pid=$!

# Every stop answered once (the first polls landed), and in nginx's cache, before measuring:
# a cold cache makes the first clients of each stop wait on nginx's cache lock.
for i in $(seq -w 1 50); do
    for port in "$hub_port" "$nginx_port"; do
        for _ in $(seq 50); do
            curl -sf -o /dev/null "http://127.0.0.1:$port/api/v1/stops/stop-$i/departures" && break
            sleep 0.1
        done
    done
done
idle_rss=$(awk '/VmRSS/ { printf "%d", $2 / 1024 }' "/proc/$hub_pid/status")

# wrk cycles through all 50 stops.
cat >"$work/stops.lua" <<'EOF'
local paths, n = {}, 0
for i = 1, 50 do paths[i] = string.format("/api/v1/stops/stop-%02d/departures", i) end
request = function()
    n = n + 1
    return wrk.format("GET", paths[(n % 50) + 1])
end
EOF

hub_requests() {
    curl -sf "http://127.0.0.1:$hub_port/status.json" | grep -o '"requests":[0-9]*' | awk -F: '{ s += $2 } END { print s + 0 }'
}

measure() {  # label port
    local before out
    before=$(hub_requests)
    out=$(wrk -c 64 -t 2 -d "${duration}s" --latency -s "$work/stops.lua" "http://127.0.0.1:$2")
    printf '%-14s %10s req/s   p99 %-9s (the hub answered %s of about %s requests)\n' "$1" \
        "$(echo "$out" | awk '/Requests\/sec/ { print $2 }')" "$(echo "$out" | awk '$1 == "99%" { print $2 }')" \
        "$(($(hub_requests) - before))" "$(echo "$out" | awk '/requests in/ { print $1 }')"
}

echo "departures hub, 50 stops; wrk -c 64 -t 2 -d ${duration}s on $(nproc) cores"
measure "direct" "$hub_port"
measure "through nginx" "$nginx_port"
echo "hub RSS: ${idle_rss} MiB idle with 50 stops, $(awk '/VmHWM/ { printf "%d", $2 / 1024 }' "/proc/$hub_pid/status") MiB peak (VmHWM) after both runs"
