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
    print("kernel %s, %d runs each, medians (min-max)" % (b["kernel"],
                                                          b["runs"]))
    print("%-28s %-26s %-26s %s" % ("case", "dtrace", "bpftrace", "ratio"))
    s = c["startup"]
    ratio = ""
    if isinstance(s["dtrace"], dict) and isinstance(s["bpftrace"], dict):
        ratio = "%.3f" % (s["dtrace"]["median"] / s["bpftrace"]["median"])
    print("%-28s %-26s %-26s %s" % ("startup BEGIN->exit",
                                    cell(s, "dtrace", ms),
                                    cell(s, "bpftrace", ms), ratio))
    for name, r in c.items():
        if "events" not in r:
            continue
        d, t = r["dtrace"], r["bpftrace"]
        ns = lambda v: "%.0f ns" % v
        ratio = ""
        if "ns_per_event" in d and "ns_per_event" in t:
            ratio = "%.2f" % (d["ns_per_event"]["median"] /
                              t["ns_per_event"]["median"])
        print("%-28s %-26s %-26s %s" % (name[:28],
                                        cell(d, "ns_per_event", ns),
                                        cell(t, "ns_per_event", ns), ratio))
        if "peak_rss_kib" in d and "peak_rss_kib" in t:
            print("%-28s %-26s %-26s %.3f" % (
                "  peak RSS", "%d KiB" % d["peak_rss_kib"],
                "%d KiB" % t["peak_rss_kib"],
                d["peak_rss_kib"] / max(1, t["peak_rss_kib"])))
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
