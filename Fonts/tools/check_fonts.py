#!/usr/bin/env python3
"""Self-check for the generated departure-board BDF fonts.

Parses Fonts/board-*.bdf back and asserts: BDF 2.1 structure and required
properties, CHARS count, coverage of every required code point, DEFAULT_CHAR
present, equal (tabular) digit advances, monospaced advances, BBX inside the
FONTBOUNDINGBOX and every BITMAP row having the right hex width and row count.
Exits non-zero listing every failure.
"""
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
from bdfread import read_bdf, BDFError  # noqa: E402
from repertoire import REQUIRED, REQUIRED_BY_FONT, DEFAULT_CHAR, DIGITS  # noqa: E402

EXPECTED = {  # name: (cell w, cell h, ascent, descent, advance)
    "board-4x6": (3, 7, 6, 1, 4),
    "board-5x7": (5, 10, 8, 2, 6),
    "board-5x7n": (4, 10, 8, 2, 5),
    "board-6x12": (6, 12, 10, 2, 6),
    "board-8x16": (8, 16, 13, 3, 8),
}
REQUIRED_PROPS = ["FONT_ASCENT", "FONT_DESCENT", "DEFAULT_CHAR", "COPYRIGHT", "NOTICE",
                  "PIXEL_SIZE", "SPACING", "CHARSET_REGISTRY", "CHARSET_ENCODING"]
XLFD_RE = re.compile(r"^(-[^-]*){14}$")


def check(name, errors):
    path = os.path.join(ROOT, name + ".bdf")

    def bad(msg):
        errors.append(f"{name}: {msg}")

    try:
        f = read_bdf(path)
    except (OSError, BDFError, ValueError) as e:
        bad(f"cannot parse: {e}")
        return
    cw, ch, asc, desc, adv = EXPECTED[name]
    if f.get("STARTFONT") != "2.1":
        bad("STARTFONT is not 2.1")
    if not f.get("ended"):
        bad("missing ENDFONT")
    if not XLFD_RE.match(f.get("FONT", "")):
        bad(f"FONT is not an XLFD name: {f.get('FONT')!r}")
    if f.get("fbb") != (cw, ch, 0, -desc):
        bad(f"FONTBOUNDINGBOX {f.get('fbb')} != {(cw, ch, 0, -desc)}")
    if f.get("nprops") != len(f["props"]):
        bad(f"STARTPROPERTIES {f.get('nprops')} but {len(f['props'])} properties")
    for p in REQUIRED_PROPS:
        if p not in f["props"]:
            bad(f"missing property {p}")
    P = f["props"]
    if (P.get("FONT_ASCENT"), P.get("FONT_DESCENT")) != (asc, desc):
        bad(f"FONT_ASCENT/DESCENT {P.get('FONT_ASCENT')}/{P.get('FONT_DESCENT')} != {asc}/{desc}")
    if P.get("DEFAULT_CHAR") != DEFAULT_CHAR:
        bad(f"DEFAULT_CHAR {P.get('DEFAULT_CHAR')} != {DEFAULT_CHAR}")
    if DEFAULT_CHAR not in f["glyphs"]:
        bad("DEFAULT_CHAR glyph missing")
    if f.get("chars") != len(f["glyphs"]):
        bad(f"CHARS {f.get('chars')} but {len(f['glyphs'])} glyphs")
    missing = [c for c in REQUIRED_BY_FONT.get(name, REQUIRED) if c not in f["glyphs"]]
    if missing:
        bad("missing code points: " + " ".join(f"U+{c:04X}" for c in missing))
    if f["order"] != sorted(f["order"]):
        bad("glyphs not sorted by encoding")
    names = [g["name"] for g in f["glyphs"].values()]
    if len(set(names)) != len(names):
        bad("duplicate STARTCHAR names")
    digit_adv = {f["glyphs"][c]["dwidth"] for c in DIGITS if c in f["glyphs"]}
    if len(digit_adv) != 1:
        bad(f"digit advances differ: {sorted(digit_adv)}")
    fbx, fby = 0, -desc
    for code, g in f["glyphs"].items():
        tag = f"U+{code:04X} {g['name']}"
        if g.get("dwidth") != (adv, 0):
            bad(f"{tag}: DWIDTH {g.get('dwidth')} != ({adv}, 0)")
        if "swidth" not in g:
            bad(f"{tag}: missing SWIDTH")
        w, h, x, y = g["bbx"]
        if x < fbx or y < fby or x + w > fbx + cw or y + h > fby + ch:
            bad(f"{tag}: BBX {g['bbx']} outside FONTBOUNDINGBOX")
        if len(g["hex"]) != h:
            bad(f"{tag}: {len(g['hex'])} bitmap rows, BBX says {h}")
        want = 2 * ((w + 7) // 8)
        for r in g["hex"]:
            if len(r) != want or not re.fullmatch(r"[0-9A-F]+", r):
                bad(f"{tag}: bitmap row {r!r} is not {want} hex digits")
            elif w % 8 and int(r, 16) & ((1 << (want * 4 - w)) - 1):
                bad(f"{tag}: bitmap row {r!r} has ink in padding bits")
        if code != 0x20 and code != 0xA0 and not any(any(row) for row in g["rows"]):
            bad(f"{tag}: glyph is blank")
    return len(f["glyphs"])


def main():
    errors = []
    for name in EXPECTED:
        n = check(name, errors)
        if n is not None:
            print(f"{name}: {n} glyphs checked")
    if errors:
        for e in errors:
            print("FAIL " + e, file=sys.stderr)
        return 1
    print("all font checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
