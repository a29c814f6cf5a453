#!/usr/bin/env bash
# Regenerates the status-page screenshots that Boards/docs/status-page.md shows (deploy/status-page/*.png): each board
# runs with a loopback status: section on a trace bus, and headless Chromium photographs
# its page at a phone's width. Needs a built binary (swift build) and .ci/run's packages.
set -euo pipefail
cd "$(dirname "$0")/../../.."
binary=${BINARY:-.build/debug/departure-board}
out=deploy/status-page
mkdir -p "$out"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
port=18500
for board in ssd1322-spi preview max7219-led; do
    port=$((port + 1))
    cp "Boards/$board.yaml" "$work/$board.yaml"
    printf 'status:\n  listen: 127.0.0.1:%s\n' "$port" >> "$work/$board.yaml"
    args=(run --board "$work/$board.yaml")
    if grep -q '^output:' "$work/$board.yaml"; then args+=(--trace "$work/$board.trace"); else args+=(--output "$work/$board.png"); fi
    "$binary" "${args[@]}" 2>"$work/$board.log" &
    pid=$!
    sleep 4
    /usr/bin/python3 Tests/EndToEnd/Browser/status_page_check.py "http://127.0.0.1:$port/" --screenshot "$out/$board.png" >/dev/null
    kill -TERM "$pid"; wait "$pid" || true
    echo "$out/$board.png"
done
