#!/usr/bin/env python3
"""Prints, per rule of an edition, the sentences of its text that no
recorded provision quotes (locales/<lang>/provisions/<edition>.yaml), so a
reviewer reads what the record may have left out. Examples and notes are
left aside: they illustrate, they state no provision of their own.

Usage: scripts/provision-coverage.py EDITION [RULE...]
"""
import glob
import re
import signal
import sys

import yaml


def norm(s):
    return re.sub(r"\s+", " ", s.replace("’", "'")).strip().lower()


def rule_texts(rule):
    out = [rule.get("text") or ""]

    def walk(parts):
        for p in parts or []:
            out.append(p.get("text") or "")
            walk(p.get("parts"))

    walk(rule.get("parts"))
    return [t for t in out if t.strip()]


def sentences(text):
    for line in text.splitlines():
        for s in re.split(r"(?<=[.!?;:])\s+(?=[A-ZÀ-Ž0-9(\"'„])", line):
            if len(s.strip()) > 3:
                yield s.strip()


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__.strip().splitlines()[-1])
    edition = sys.argv[1]
    only = set(sys.argv[2:])
    (path,) = glob.glob(f"locales/*/{edition}.yaml")
    (rec,) = glob.glob(f"locales/*/provisions/{edition}.yaml")
    ed = yaml.safe_load(open(path))
    record = yaml.safe_load(open(rec))["rules"]
    # Every span quotes its own rule's text, and a clause may be filed under
    # another rule's topic: match against all spans of the edition.
    frags = []
    for provs in record.values():
        for v in provs.values():
            span = v["span"] if isinstance(v, dict) else v
            frags += [norm(f) for f in re.split(r"…|\.\.\.", span) if len(f.strip()) > 6]
    for sec in ed["sections"]:
        for rule in sec["rules"]:
            num = str(rule["number"])
            if only and num not in only:
                continue
            missing = []
            for t in rule_texts(rule):
                for s in sentences(t):
                    n = norm(s)
                    covered = sum(len(f) for f in frags if f in n) + max(
                        [len(n) for f in frags if n in f] or [0]
                    )
                    if covered < 0.3 * len(n):
                        missing.append(s)
            if missing:
                print(f"== {num} {rule.get('concept')} [{', '.join(record.get(num, {}))}]")
                for s in missing:
                    print("   -", s)


if __name__ == "__main__":
    # Read through `head` or a pager: stop quietly when the reader closes.
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    main()
