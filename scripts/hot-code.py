#!/usr/bin/env python3
"""Names the functions callgrind saw run, by the linker's map of the same build.

Usage: hot-code.py OUT (MAP PROFILE...)...   each group ends with a lone ':'

Callgrind names a stripped binary's functions by address; the map (lld's
-Map) says which input section, and so which symbol, lies at each address.
Written to OUT: every function named, those more profiles ran first, then by
the first profile that ran it (see scripts/hot-code.sh).
"""

import bisect
import re
import sys

# An input section line: VMA LMA SIZE ALIGN then "object:(section)".
SECTION = re.compile(r"^\s*([0-9a-f]+)\s+[0-9a-f]+\s+([0-9a-f]+)\s+\d+\s{9}(\S.*):\((\S+)\)$")
# A symbol line: VMA LMA SIZE ALIGN then, indented further, the name.
SYMBOL = re.compile(r"^\s*([0-9a-f]+)\s+[0-9a-f]+\s+([0-9a-f]+)\s+\d+\s{17}(\S+)$")
# An output section line: VMA LMA SIZE ALIGN then, one space on, its name.
OUTPUT = re.compile(r"^\s*[0-9a-f]+\s+[0-9a-f]+\s+[0-9a-f]+\s+\d+ (\S+)$")
# Where a position-independent executable may have been loaded.
LOAD_BASES = (0, 0x108000, 0x400000, 0x4000000, 0x555555554000)
# The prefixes LLVM gives hot, cold and start-up functions' sections.
PREFIXES = ("unlikely.", "hot.", "startup.", "exit.", "split.")


def functions(map_path):
    """(start, end, name) of every function of the text section, sorted."""
    found = []
    in_text = False
    plain = False  # inside a ".text" section: its symbols name its functions
    with open(map_path, encoding="utf-8", errors="replace") as lines:
        for line in lines:
            m = OUTPUT.match(line)
            if m:
                in_text = m[1] == ".text"
                continue
            if not in_text:
                continue
            m = SECTION.match(line)
            if m:
                start, size, section = int(m[1], 16), int(m[2], 16), m[4]
                plain = section == ".text"
                name = section.removeprefix(".text.")
                for prefix in PREFIXES:
                    name = name.removeprefix(prefix)
                if not plain and name and size:
                    found.append((start, start + size, name))
                continue
            m = SYMBOL.match(line)
            if m and plain:
                start, size = int(m[1], 16), int(m[2], 16)
                found.append((start, start + max(size, 1), m[3]))
    found.sort()
    return found


def named(found, starts, address):
    i = bisect.bisect_right(starts, address) - 1
    if i >= 0 and found[i][0] <= address < found[i][1]:
        return found[i][2]
    return None


def main(argv):
    out, groups, group = argv[0], [], []
    for arg in argv[1:]:
        if arg == ":":
            groups.append(group)
            group = []
        else:
            group.append(arg)
    count, first, order = {}, {}, 0
    for map_path, *profiles in groups:
        found = functions(map_path)
        starts = [f[0] for f in found]
        for profile in profiles:
            with open(profile, encoding="utf-8", errors="replace") as lines:
                addresses = [
                    int(line[3:].split("'")[0], 16) for line in lines if line.startswith("fn=0x")
                ]
            # A position-independent build runs where valgrind loaded it
            # (0x108000 on x86-64), not at the map's addresses.
            base = max(
                LOAD_BASES,
                key=lambda b: sum(named(found, starts, a - b) is not None for a in addresses),
            )
            seen = set()
            for address in addresses:
                name = named(found, starts, address - base)
                if name and name not in seen:
                        seen.add(name)
                        count[name] = count.get(name, 0) + 1
                        first.setdefault(name, order)
            order += 1
    names = sorted(count, key=lambda n: (-count[n], first[n], n))
    with open(out, "w", encoding="utf-8") as f:
        f.writelines(n + "\n" for n in names)
    print(f"{out}: {len(names)} functions from {order} profiles")


if __name__ == "__main__":
    main(sys.argv[1:])
