#!/usr/bin/env bash
# Regenerates the preview image beside every board (Boards/<name>.png) at a fixed clock,
# so the README and the tests show exactly what `render` draws.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product departure-board
binary="$(swift build -c release --show-bin-path)/departure-board"
for board in Boards/*.yaml; do
    # A ticker's one frame shows a few letters: its preview is the frames that follow (--strip).
    strip=()
    grep -q '^  layout: ticker' "$board" && strip=(--strip)
    # LED boards are drawn as their LEDs: round dots with dark gaps.
    dots=()
    grep -qE '^  driver: (hub75|max7219|ht16k33)' "$board" && dots=(--led-dots)
    "$binary" render --board "$board" --now 2026-11-23T09:30:00+11:00 "${strip[@]}" "${dots[@]}" --output "${board%.yaml}.png"
    echo "${board%.yaml}.png"
done
