"""Minimal BDF 2.1 reader used by preview.py and check_fonts.py."""


class BDFError(Exception):
    pass


def read_bdf(path):
    """Return dict with header info, properties and glyphs {code: glyph}."""
    with open(path, encoding="ascii") as f:
        lines = f.read().split("\n")
    font = {"props": {}, "glyphs": {}, "order": [], "path": path}
    i, n = 0, len(lines)

    def fail(msg):
        raise BDFError(f"{path}:{i + 1}: {msg}")

    if not lines[0].startswith("STARTFONT 2.1"):
        fail("missing 'STARTFONT 2.1'")
    glyph = None
    in_props = False
    while i < n:
        line = lines[i]
        parts = line.split()
        key = parts[0] if parts else ""
        if in_props:
            if key == "ENDPROPERTIES":
                in_props = False
            else:
                val = line[len(key):].strip()
                if val.startswith('"'):
                    val = val[1:-1]
                else:
                    val = int(val)
                font["props"][key] = val
        elif glyph is not None:
            if key == "ENCODING":
                glyph["code"] = int(parts[1])
            elif key == "SWIDTH":
                glyph["swidth"] = (int(parts[1]), int(parts[2]))
            elif key == "DWIDTH":
                glyph["dwidth"] = (int(parts[1]), int(parts[2]))
            elif key == "BBX":
                glyph["bbx"] = tuple(int(p) for p in parts[1:5])
            elif key == "BITMAP":
                w, h = glyph["bbx"][0], glyph["bbx"][1]
                rows = lines[i + 1:i + 1 + h]
                glyph["hex"] = rows
                glyph["rows"] = []
                for r in rows:
                    v = int(r, 16)
                    nb = len(r) * 4
                    glyph["rows"].append([(v >> (nb - 1 - x)) & 1 for x in range(w)])
                i += h
            elif key == "ENDCHAR":
                if "code" not in glyph or "rows" not in glyph:
                    fail("incomplete glyph " + glyph["name"])
                if glyph["code"] in font["glyphs"]:
                    fail(f"duplicate ENCODING {glyph['code']}")
                font["glyphs"][glyph["code"]] = glyph
                font["order"].append(glyph["code"])
                glyph = None
            else:
                fail(f"unexpected line in glyph: {line!r}")
        elif key == "STARTPROPERTIES":
            in_props = True
            font["nprops"] = int(parts[1])
        elif key == "STARTCHAR":
            glyph = {"name": line[len("STARTCHAR"):].strip()}
        elif key == "FONTBOUNDINGBOX":
            font["fbb"] = tuple(int(p) for p in parts[1:5])
        elif key in ("FONT", "STARTFONT"):
            font[key] = line[len(key):].strip()
        elif key == "SIZE":
            font["size"] = tuple(int(p) for p in parts[1:4])
        elif key == "CHARS":
            font["chars"] = int(parts[1])
        elif key == "ENDFONT":
            font["ended"] = True
        elif key in ("COMMENT", ""):
            pass
        else:
            fail(f"unexpected line {line!r}")
        i += 1
    return font
