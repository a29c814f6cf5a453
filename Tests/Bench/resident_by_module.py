#!/usr/bin/env python3
"""Where a running process's resident pages go: smaps per mapping, and, for the
program's own (statically linked) image, resident pages per Swift module or C library.

The image's pages are attributed through /proc/PID/pagemap (present bit) and the
binary's symbol table (`nm`): a page counts for the module owning most of its bytes.
Needs root (pagemap hides frame numbers, not the present bit, from others; reading
another user's pagemap needs ptrace rights).

usage: resident_by_module.py PID [BINARY]
"""
import collections
import os
import re
import struct
import subprocess
import sys

PAGE = os.sysconf("SC_PAGE_SIZE")


def mappings(pid):
    rows, current = [], None
    with open(f"/proc/{pid}/smaps") as smaps:
        for line in smaps:
            head = re.match(r"^([0-9a-f]+)-([0-9a-f]+) (\S+) ([0-9a-f]+) \S+ \d+\s*(.*)$", line)
            if head:
                current = {"start": int(head[1], 16), "end": int(head[2], 16), "perms": head[3],
                           "offset": int(head[4], 16), "path": head[5].strip() or "[anon]", "rss": 0}
                rows.append(current)
            elif line.startswith("Rss:") and current is not None:
                current["rss"] = int(line.split()[1])
    return rows


def summary(rows):
    totals = collections.Counter()
    for row in rows:
        name = os.path.basename(row["path"]) if row["path"].startswith("/") else row["path"]
        totals[name] += row["rss"]
    return totals


def load_segments(binary):
    out = subprocess.run(["readelf", "-lW", binary], capture_output=True, text=True, check=True).stdout
    segments = []
    for line in out.splitlines():
        parts = line.split()
        if parts and parts[0] == "LOAD":
            segments.append((int(parts[1], 16), int(parts[2], 16), int(parts[5], 16)))  # offset, vaddr, filesz
    return segments


MODULE = re.compile(r"^\$s(\d+)")


def owner(symbol):
    if symbol.startswith(("$ss", "$sS", "$sy", "$sx", "$sq", "$sB")):
        return "Swift stdlib"
    if symbol.startswith("_Z"):
        return "C++ (Swift runtime)"
    match = MODULE.match(symbol)
    if match:
        length = int(match[1])
        start = match.end()
        name = symbol[start:start + length]
        return name if name else "swift"
    lowered = symbol.lower()
    # The C libraries linked into the image; everything else C or C++ is the Swift runtime's.
    for prefix, name in (("swift_", "swift runtime"), ("_swift", "swift runtime"), ("dispatch_", "dispatch"),
                         ("_dispatch", "dispatch"), ("inflate", "zlib"), ("deflate", "zlib"), ("ssl_", "CTLSLoader")):
        if lowered.startswith(prefix):
            return name
    return "other C/C++"


def symbols(binary):
    out = subprocess.run(["nm", "-n", "-S", "--defined-only", binary], capture_output=True, text=True).stdout
    table = []
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 4:
            table.append((int(parts[0], 16), int(parts[1], 16), owner(parts[3])))
    return table


def image_pages(pid, rows, binary):
    segments = load_segments(binary)
    present = []
    with open(f"/proc/{pid}/pagemap", "rb") as pagemap:
        for row in rows:
            if row["path"] != os.path.realpath(binary):
                continue
            for address in range(row["start"], row["end"], PAGE):
                pagemap.seek(address // PAGE * 8)
                entry = struct.unpack("<Q", pagemap.read(8))[0]
                if not entry >> 63 & 1:
                    continue
                file_offset = address - row["start"] + row["offset"]
                for offset, vaddr, size in segments:
                    if offset <= file_offset < offset + size:
                        present.append((vaddr + file_offset - offset, "w" in row["perms"]))
                        break
    return present


def attribute(present, table):
    import bisect
    starts = [start for start, _, _ in table]
    totals = collections.Counter()
    for page, writable in present:
        weights = collections.Counter()
        index = max(bisect.bisect_right(starts, page) - 1, 0)
        while index < len(table) and table[index][0] < page + PAGE:
            start, size, name = table[index]
            overlap = min(start + max(size, 1), page + PAGE) - max(start, page)
            if overlap > 0:
                weights[name] += overlap
            index += 1
        name = weights.most_common(1)[0][0] if weights else "(no symbol)"
        totals[(name, "data" if writable else "text/ro")] += PAGE // 1024
    return totals


def sections(binary):
    out = subprocess.run(["readelf", "-SW", binary], capture_output=True, text=True, check=True).stdout
    table = []
    for line in out.splitlines():
        match = re.match(r"^\s*\[\s*\d+\]\s+(\S+)\s+\S+\s+([0-9a-f]+)\s+[0-9a-f]+\s+([0-9a-f]+)", line)
        if match and int(match[2], 16):
            table.append((int(match[2], 16), int(match[3], 16), match[1]))
    return sorted(table)


def main():
    pid = int(sys.argv[1])
    rows = mappings(pid)
    print(f"total RSS {sum(row['rss'] for row in rows)} KiB")
    for name, kib in summary(rows).most_common(15):
        print(f"  {kib:7d} KiB  {name}")
    if len(sys.argv) > 2:
        present = image_pages(pid, rows, sys.argv[2])
        print("image pages by section:")
        for (name, kind), kib in attribute(present, sections(sys.argv[2])).most_common(20):
            print(f"  {kib:7d} KiB  {name} ({kind})")
        totals = attribute(present, symbols(sys.argv[2]))
        print("image pages by owner:")
        for (name, kind), kib in totals.most_common(30):
            print(f"  {kib:7d} KiB  {name} ({kind})")


if __name__ == "__main__":
    main()
