#!/usr/bin/env python3
"""The functions of BINARY that ran in callgrind profiles, hottest layout first: those that
ran in every profile first (start-up, the draw loop), then by how many profiles ran them,
then in the order they were first seen. One mangled name per line, for lld's
--symbol-ordering-file.

usage: hot_functions.py BINARY_NAME CALLGRIND_OUT...
"""
import collections
import sys


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
    runs, first_seen = collections.Counter(), {}
    for profile in profiles:
        names = functions_of(profile, binary)
        for name in names:
            first_seen.setdefault(name, len(first_seen))
        runs.update(set(names))
    for name in sorted(runs, key=lambda name: (-runs[name], first_seen[name])):
        print(name)


main()
