#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Print bench.json (from bench/guest_bench.py) as one table."""
import json
import sys


def ms(s):
    return "%.0f ms" % (s * 1e3)


def cell(d, key, fmt):
    """A median with its range, or why there is none."""
    v = d.get(key) if isinstance(d, dict) else None
    if not isinstance(v, dict):
        return "n/a (%s)" % (v or d.get("error"))
    return "%s (%s-%s)" % (fmt(v["median"]), fmt(v["min"]), fmt(v["max"]))


def main(path, difbench=None):
    b = json.load(open(path))
    c = b["cases"]
    tools = b.get("tools", ["dtrace", "bpftrace"])
    peers = tools[1:]
    print("kernel %s, %d runs each, medians (min-max)" % (b["kernel"],
                                                          b["runs"]))
    row = "%-28s" + " %-26s" * len(tools) + " %s"
    print(row % (("case",) + tuple(tools) +
                 (" ".join("dtrace/" + p for p in peers),)))

    def ratios(vals, fmt):
        d = vals[0]
        return " ".join(fmt % (d / v) if d is not None and v else "-"
                        for v in vals[1:])
    for key, label in (("startup", "startup BEGIN->exit"),
                       ("startup with kernel types", "  naming a kernel type")):
        s = c.get(key)
        if not s:
            continue
        med = [s[t]["median"] if isinstance(s[t], dict) else None
               for t in tools]
        print(row % ((label,) + tuple(cell(s, t, ms) for t in tools) +
                     (ratios(med, "%.3f"),)))
    for name, r in c.items():
        if "events" not in r:
            continue
        ns = lambda v: "%.0f ns" % v
        med = [r[t]["ns_per_event"]["median"] if "ns_per_event" in r[t]
               else None for t in tools]
        print(row % ((name[:28],) +
                     tuple(cell(r[t], "ns_per_event", ns) for t in tools) +
                     (ratios(med, "%.2f"),)))
        rss = [r[t].get("peak_rss_kib") for t in tools]
        if all(rss):
            print(row % (("  peak RSS",) +
                         tuple("%d KiB" % v for v in rss) +
                         (ratios(rss, "%.3f"),)))
    for name in ("fbt:::entry on every function", "bpftrace kprobe:*"):
        r = c.get(name, {})
        if "error" in r:
            print("%-28s %s" % (name[:28], "n/a: " + str(r["error"])))
        elif r:
            print("%-28s attach %s, detach %s, workload %s" % (
                name[:28], ms(r["attach_s"]), ms(r["detach_s"]),
                ms(r["workload_s"])))
    print("%-28s %s" % ("workload untraced",
                        cell(c["workload untraced"], "seconds", ms)))
    if difbench:
        print("DIF interpreter (host):")
        sys.stdout.write("".join("  " + l for l in open(difbench)))


if __name__ == "__main__":
    main(*sys.argv[1:])
