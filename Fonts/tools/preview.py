#!/usr/bin/env python3
"""Render previews/board-<size>.png (x4) from Fonts/board-<size>.bdf."""
import os
import sys

from PIL import Image, ImageDraw

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
from bdfread import read_bdf  # noqa: E402

FONTS = ["board-4x6", "board-5x7", "board-5x7n", "board-6x12", "board-8x16"]
SAMPLES = ["T1 Emu Plains +2 min 5 min 09:35",
           "T4 Cronulla \u2013 Sutherland 12 min 10:07",
           "Caf\u00e9 \u201cZ\u00fcrich\u201d \u2026 0O 1lI",
           "0123456789 +1 min \u2192 \u2191\u2193 \u20ac2,50 \u00b1 \u2022 \u00b7 \u2014 \u2018x\u2019 \uFFFD",
           "Ana\u00efs Fran\u00e7ais \u00c9tienne G\u00f6teborg Malm\u00f6 \u00c5re \u00d1and\u00fa \u00bfQu\u00e9? \u00a1S\u00ed!"]
SCALE = 4
INK = (255, 176, 0)
BG = (0, 0, 0)
CELLBG = (28, 28, 28)


def draw_glyph(img, g, ox, oy, font):
    asc = font["props"]["FONT_ASCENT"]
    w, h, bx, by = g["bbx"]
    top = oy + asc - (h + by)
    for y, row in enumerate(g["rows"]):
        for x, b in enumerate(row):
            if b:
                img.putpixel((ox + bx + x, top + y), INK)


def render(name):
    font = read_bdf(os.path.join(ROOT, name + ".bdf"))
    asc, desc = font["props"]["FONT_ASCENT"], font["props"]["FONT_DESCENT"]
    lh = asc + desc
    adv = font["glyphs"][0x41]["dwidth"][0]
    default = font["props"]["DEFAULT_CHAR"]
    per_row = 16
    codes = sorted(font["glyphs"])
    grid_rows = (len(codes) + per_row - 1) // per_row
    cellw, cellh = adv + 2, lh + 2
    text_w = max(len(s) for s in SAMPLES) * adv + 4
    W = max(per_row * cellw + 2, text_w)
    H = grid_rows * cellh + 4 + len(SAMPLES) * (lh + 2) + 4
    img = Image.new("RGB", (W, H), BG)
    d = ImageDraw.Draw(img)
    for i, c in enumerate(codes):
        ox = 2 + (i % per_row) * cellw
        oy = 2 + (i // per_row) * cellh
        d.rectangle([ox, oy, ox + adv - 1, oy + lh - 1], fill=CELLBG)
        draw_glyph(img, font["glyphs"][c], ox, oy, font)
    y = 2 + grid_rows * cellh + 4
    for s in SAMPLES:
        x = 2
        for ch in s:
            g = font["glyphs"].get(ord(ch)) or font["glyphs"][default]
            draw_glyph(img, g, x, y, font)
            x += g["dwidth"][0]
        y += lh + 2
    img = img.resize((W * SCALE, H * SCALE), Image.NEAREST)
    os.makedirs(os.path.join(ROOT, "previews"), exist_ok=True)
    out = os.path.join(ROOT, "previews", name + ".png")
    img.save(out)
    print(out)


if __name__ == "__main__":
    for n in (sys.argv[1:] or FONTS):
        render(n)
