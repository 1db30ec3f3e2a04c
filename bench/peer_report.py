#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Print peer.json (from bench/peer_guest.py) as two Markdown tables:
the one-liners and the tools, a column per tracer, and the counts."""
import json
import sys


def cell(v):
    verdict, lines, why = v
    if verdict == "works":
        return "works (%d lines)" % lines
    return verdict + (": `%s`" % why[:70].replace("|", "\\|") if why else "")


def table(title, rows, tracers):
    print("| %s | %s |" % (title, " | ".join(tracers)))
    print("|---" * (len(tracers) + 1) + "|")
    works = dict.fromkeys(tracers, 0)
    for name, r in rows.items():
        print("| %s | %s |" % (name, " | ".join(cell(r[t]) for t in tracers)))
        for t in tracers:
            works[t] += r[t][0] == "works"
    print("| **works** | %s |" % " | ".join(
        "%d of %d" % (works[t], sum(r[t][0] != "not shipped"
                                    for r in rows.values()))
        for t in tracers))
    print()


def main(path):
    b = json.load(open(path))
    first = next(iter(b["one-liners"].values()))
    tracers = [k for k in first if k != "program"]
    print("kernel %s\n" % b["kernel"])
    table("one-liner", b["one-liners"], tracers)
    table("tool", b["tools"], tracers)


if __name__ == "__main__":
    main(*sys.argv[1:])
