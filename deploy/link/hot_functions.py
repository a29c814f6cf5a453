#!/usr/bin/env python3
"""The functions of BINARY that ran in callgrind profiles, hottest layout first: those that
ran in every profile first (start-up, the draw loop), then by how many profiles ran them,
then in the order they were first seen. One mangled name per line, for lld's
--symbol-ordering-file.

Names that BINARY defines more than once are left out: they are file-local helpers
(`objectdestroyTm`, `block_copy_helper`, …) that lld would move forward in every file that
has one, with the file's whole section where it has no section per function (the server
packages), which spreads the hot code apart.

usage: hot_functions.py BINARY CALLGRIND_OUT...
"""
import collections
import os
import subprocess
import sys


def defined_more_than_once(binary):
    listing = subprocess.run(["nm", "--defined-only", binary], capture_output=True, text=True, check=True).stdout
    names = collections.Counter(line.split()[-1] for line in listing.splitlines() if len(line.split()) == 3)
    return {name for name, count in names.items() if count > 1}


def functions_of(path, binary):
    """Names of the functions callgrind saw run inside `binary` (--compress-strings=no)."""
    current_object, names = None, []
    with open(path, errors="replace") as profile:
        for line in profile:
            if line.startswith("ob="):
                current_object = line[3:].strip()
            elif line.startswith("fn=") and current_object and current_object.endswith("/" + binary):
                name = line[3:].strip()
                if not name.startswith("0x"):  # no symbol: nothing to order by
                    names.append(name)
    return names


def main():
    binary, profiles = sys.argv[1], sys.argv[2:]
    ambiguous = defined_more_than_once(binary)
    runs, first_seen = collections.Counter(), {}
    for profile in profiles:
        names = [name for name in functions_of(profile, os.path.basename(binary)) if name not in ambiguous]
        for name in names:
            first_seen.setdefault(name, len(first_seen))
        runs.update(set(names))
    for name in sorted(runs, key=lambda name: (-runs[name], first_seen[name])):
        print(name)


main()
