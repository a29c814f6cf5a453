#!/usr/bin/env python3
"""The Python board departure-board replaces, drawing the same SSD1322 frame.

luma.oled's ssd1322 driver on a no-op serial interface (the full init and frame
encoding run; nothing reaches a wire) and Pillow drawing the rows of a board state
that `departure-board render --output state.json` wrote. Prints peak RSS in KiB, so
Tests/Bench/memory.sh can put it beside departure-board's own figure.

usage: luma_ssd1322.py STATE.json
"""
import json
import resource
import sys

from luma.core.interface.serial import noop
from luma.core.render import canvas
from luma.oled.device import ssd1322
from PIL import ImageFont


def main(path):
    with open(path, encoding="utf-8") as handle:
        state = json.load(handle)
    device = ssd1322(noop(), width=256, height=64)
    font = ImageFont.load_default()
    with canvas(device) as draw:
        draw.text((0, 0), state.get("board", ""), font=font, fill="white")
        for index, row in enumerate(state.get("rows", [])[:3]):
            y = 16 + index * 16
            draw.text((0, y), str(row.get("route", "")), font=font, fill="white")
            draw.text((40, y), str(row.get("headsign", "")), font=font, fill="white")
            draw.text((220, y), str(row.get("countdown", "")), font=font, fill="white")
    print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)


if __name__ == "__main__":
    main(sys.argv[1])
