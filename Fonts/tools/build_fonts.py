#!/usr/bin/env python3
"""Build the departure-board BDF fonts from their ASCII-art sources.

Usage:  python3 tools/build_fonts.py [--check-only]

Reads src/board-*.txt, validates every glyph and writes Fonts/board-*.bdf.
Output is deterministic.  On any source mistake it prints
"<file>:<line>: <message>" and exits with status 1.

Source format (see src/*.txt):
  ; comment                      (whole-line comments start with ';')
  NAME board-6x12                 header keys, before the first glyph
  CELL 6 12                       cell width and height in pixels
  ASCENT 10 / DESCENT 2           ASCENT + DESCENT must equal cell height
  ADVANCE 6                       DWIDTH of every glyph (monospaced)
  CAP_HEIGHT 8 / X_HEIGHT 6       informational, written as properties

  U+0041 A                        encoded glyph: code point + glyph name,
  .###..                          followed by exactly <cell height> rows of
  ...                             <cell width> characters, '#' ink '.' blank
  @m.acute                        unencoded helper (accent mark, short capital)
  U+00C1 Aacute = A.sc + m.acute@0,-1
                                  composite: pixel-wise OR of components,
                                  each optionally shifted by @dx,dy (px,
                                  +x right, +y down); no rows follow.
A blank line ends a glyph's rows.
"""
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
from repertoire import REQUIRED, REQUIRED_BY_FONT, DEFAULT_CHAR  # noqa: E402

FONTS = ["board-4x6", "board-5x7", "board-5x7n", "board-6x12", "board-8x16"]
COPYRIGHT = "Original design of the departure-board project; CC0 1.0 public domain dedication"
NOTICE = "Bitmap font for LED, OLED and e-paper departure signage. See Fonts/LICENSE.md"
RES = 75

GLYPH_RE = re.compile(r"^(?:U\+([0-9A-F]{4,6})|@)\s*(\S+)(?:\s+=\s+(.+))?$")
COMP_RE = re.compile(r"^([A-Za-z0-9_.]+)(?:@(-?\d+),(-?\d+))?$")
NAME_RE = re.compile(r"^[A-Za-z0-9_.]+$")


class SourceError(Exception):
    pass


class Glyph:
    def __init__(self, code, name, line, comps):
        self.code, self.name, self.line, self.comps = code, name, line, comps
        self.rows = []          # list of str
        self.rows_line = line
        self.bitmap = None      # list of list of 0/1 once resolved


def parse(path):
    rel = os.path.relpath(path, ROOT)

    def err(line, msg):
        raise SourceError(f"{rel}:{line}: {msg}")

    hdr, hdr_line = {}, {}
    glyphs, by_name, by_code = [], {}, {}
    cur = None
    with open(path, encoding="utf-8") as f:
        text = f.read()
    lines = text.split("\n")
    for ln, raw in enumerate(lines, 1):
        line = raw.rstrip("\r")
        if line.strip() == "":
            cur = None
            continue
        if line.startswith(";"):
            continue
        if line != line.strip():
            err(ln, "leading or trailing whitespace")
        if line.startswith("U+") or line.startswith("@"):
            m = GLYPH_RE.match(line)
            if not m:
                err(ln, f"bad glyph header {line!r} (want 'U+XXXX name' or '@name')")
            code = int(m.group(1), 16) if m.group(1) else None
            name = m.group(2)
            if not NAME_RE.match(name):
                err(ln, f"bad glyph name {name!r}")
            if name in by_name:
                err(ln, f"duplicate glyph name {name!r} (first at line {by_name[name].line})")
            if code is not None and code in by_code:
                err(ln, f"duplicate code point U+{code:04X} (first at line {by_code[code].line})")
            comps = None
            if m.group(3):
                comps = []
                for part in m.group(3).split("+"):
                    part = part.strip()
                    cm = COMP_RE.match(part)
                    if not cm:
                        err(ln, f"bad component {part!r}")
                    comps.append((cm.group(1), int(cm.group(2) or 0), int(cm.group(3) or 0)))
            cur = Glyph(code, name, ln, comps)
            glyphs.append(cur)
            by_name[name] = cur
            if code is not None:
                by_code[code] = cur
            continue
        if not glyphs:
            # header line
            parts = line.split(None, 1)
            if len(parts) != 2:
                err(ln, f"bad header line {line!r}")
            key, val = parts
            if key in hdr:
                err(ln, f"duplicate header key {key}")
            hdr[key], hdr_line[key] = val, ln
            continue
        if cur is None:
            err(ln, "bitmap row outside a glyph block (missing glyph header?)")
        if cur.comps is not None:
            err(ln, f"composite glyph {cur.name!r} must not have bitmap rows")
        bad = set(line) - set("#.")
        if bad:
            err(ln, f"invalid character(s) {''.join(sorted(bad))!r} in bitmap row (only '#' and '.')")
        if not cur.rows:
            cur.rows_line = ln
        cur.rows.append((ln, line))

    # header validation
    for key in ("NAME", "CELL", "ASCENT", "DESCENT", "ADVANCE"):
        if key not in hdr:
            err(1, f"missing header key {key}")
    try:
        cw, ch = (int(v) for v in hdr["CELL"].split())
        asc, desc, adv = int(hdr["ASCENT"]), int(hdr["DESCENT"]), int(hdr["ADVANCE"])
        caph = int(hdr.get("CAP_HEIGHT", asc))
        xh = int(hdr.get("X_HEIGHT", 0))
    except ValueError:
        err(hdr_line.get("CELL", 1), "header values must be integers")
    if asc + desc != ch:
        err(hdr_line["ASCENT"], f"ASCENT {asc} + DESCENT {desc} != cell height {ch}")
    if adv < cw:
        err(hdr_line["ADVANCE"], f"ADVANCE {adv} smaller than cell width {cw}")

    # bitmap validation
    for g in glyphs:
        if g.comps is None:
            if len(g.rows) != ch:
                err(g.line, f"glyph {g.name!r} has {len(g.rows)} rows, expected {ch}")
            for ln, row in g.rows:
                if len(row) != cw:
                    err(ln, f"glyph {g.name!r}: row is {len(row)} wide, expected {cw}")
            g.bitmap = [[1 if c == "#" else 0 for c in row] for _, row in g.rows]

    # composite resolution
    def resolve(g, stack):
        if g.bitmap is not None:
            return g.bitmap
        if g.name in stack:
            err(g.line, f"circular composite reference via {g.name!r}")
        bm = [[0] * cw for _ in range(ch)]
        for cname, dx, dy in g.comps:
            if cname not in by_name:
                err(g.line, f"unknown component {cname!r} in {g.name!r}")
            cb = resolve(by_name[cname], stack + [g.name])
            for y in range(ch):
                for x in range(cw):
                    if cb[y][x]:
                        nx, ny = x + dx, y + dy
                        if not (0 <= nx < cw and 0 <= ny < ch):
                            err(g.line, f"component {cname!r}@{dx},{dy} pushes ink outside the cell")
                        bm[ny][nx] = 1
        g.bitmap = bm
        return bm

    for g in glyphs:
        resolve(g, [])

    name = os.path.splitext(os.path.basename(path))[0]
    missing = [c for c in REQUIRED_BY_FONT.get(name, REQUIRED) if c not in by_code]
    if missing:
        err(len(lines), "missing required code points: " + " ".join(f"U+{c:04X}" for c in missing))
    if DEFAULT_CHAR not in by_code:
        err(len(lines), f"missing DEFAULT_CHAR glyph U+{DEFAULT_CHAR:04X}")
    return dict(name=hdr["NAME"], cw=cw, ch=ch, asc=asc, desc=desc, adv=adv,
                caph=caph, xh=xh, glyphs=[g for g in glyphs if g.code is not None],
                rel=rel)


def hexrow(bits, width):
    nbytes = (width + 7) // 8
    v = 0
    for b in bits:
        v = (v << 1) | b
    v <<= nbytes * 8 - width
    return f"{v:0{nbytes * 2}X}"


def to_bdf(font):
    cw, ch, asc, desc, adv = font["cw"], font["ch"], font["asc"], font["desc"], font["adv"]
    px = ch
    glyphs = sorted(font["glyphs"], key=lambda g: g.code)
    swidth = round(adv * 72000 / (px * RES))
    xlfd = f"-departure-board-medium-r-normal--{px}-{px * 10}-{RES}-{RES}-c-{adv * 10}-iso10646-1"
    props = [
        ("FOUNDRY", '"departure"'), ("FAMILY_NAME", '"board"'),
        ("WEIGHT_NAME", '"medium"'), ("SLANT", '"R"'), ("SETWIDTH_NAME", '"normal"'),
        ("ADD_STYLE_NAME", '""'), ("PIXEL_SIZE", px), ("POINT_SIZE", px * 10),
        ("RESOLUTION_X", RES), ("RESOLUTION_Y", RES), ("SPACING", '"C"'),
        ("AVERAGE_WIDTH", adv * 10), ("CHARSET_REGISTRY", '"ISO10646"'),
        ("CHARSET_ENCODING", '"1"'), ("FONT_ASCENT", asc), ("FONT_DESCENT", desc),
        ("CAP_HEIGHT", font["caph"]), ("X_HEIGHT", font["xh"]),
        ("DEFAULT_CHAR", DEFAULT_CHAR),
        ("COPYRIGHT", f'"{COPYRIGHT}"'), ("NOTICE", f'"{NOTICE}"'),
    ]
    out = ["STARTFONT 2.1",
           f"COMMENT {font['name']}: cell {cw}x{ch}, ascent {asc}, descent {desc}, advance {adv}",
           f"COMMENT generated by tools/build_fonts.py from {font['rel']}; do not edit",
           f"FONT {xlfd}", f"SIZE {px} {RES} {RES}",
           f"FONTBOUNDINGBOX {cw} {ch} 0 {-desc}",
           f"STARTPROPERTIES {len(props)}"]
    out += [f"{k} {v}" for k, v in props]
    out += ["ENDPROPERTIES", f"CHARS {len(glyphs)}"]
    for g in glyphs:
        out += [f"STARTCHAR {g.name}", f"ENCODING {g.code}", f"SWIDTH {swidth} 0",
                f"DWIDTH {adv} 0", f"BBX {cw} {ch} 0 {-desc}", "BITMAP"]
        out += [hexrow(r, cw) for r in g.bitmap]
        out.append("ENDCHAR")
    out.append("ENDFONT")
    return "\n".join(out) + "\n"


def main(argv):
    check_only = "--check-only" in argv
    os.makedirs(ROOT, exist_ok=True)
    for name in FONTS:
        path = os.path.join(ROOT, "src", name + ".txt")
        try:
            font = parse(path)
        except SourceError as e:
            print(f"build_fonts: error: {e}", file=sys.stderr)
            return 1
        except OSError as e:
            print(f"build_fonts: error: {path}: {e}", file=sys.stderr)
            return 1
        if font["name"] != name:
            print(f"build_fonts: error: {font['rel']}:1: NAME {font['name']!r} != file name {name!r}",
                  file=sys.stderr)
            return 1
        data = to_bdf(font)
        if not check_only:
            with open(os.path.join(ROOT, name + ".bdf"), "w", encoding="ascii", newline="\n") as f:
                f.write(data)
        print(f"{name}: {len(font['glyphs'])} glyphs OK")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
