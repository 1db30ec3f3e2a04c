#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The same programs under Debian's bpftrace and under dtrace --bpftrace
# print the same bytes: "Attaching N probes...", printf, every kind of
# map at exit, print( ) with a divisor, zero( ), if/else and ternary,
# exit( ) in an if (the probes counted once), counters (maps changed
# only by ++, --, += and -=) printed at exit, print( ) of the top
# entries, delete( ) of strings, clear( ) in END and plain maps emptied
# by delete( ) (printed empty at exit).
# (The map formats are the consumer's -x oformat=bpftrace.)
# bpftrace's exit( ) takes effect when its reader sees it, so a probe
# may fire again before that: 0.27 under emulation counted a 20 ms
# interval twice. The interval is 1 s: the count is 1 in both.
set -eu
command -v bpftrace >/dev/null || { echo "bpftrace missing: tests/install-deps.sh installs it"; exit 1; }
. ./bt-lib.inc	# dtrace prints as this bpftrace (DTRACE_BTRELEASE)
d=${TMPDIR:-/tmp}
progs=(
'BEGIN { @c = count(); @c = count(); @s = sum(5); @h = hist(3); @h = hist(100); @l = lhist(5, 0, 10, 5); @st = stats(10); @a = avg(4); @[1, "x"] = count(); @mx = max(7); @mn = min(-2); printf("hi %d %s\n", 42, "there"); exit(); }'
'BEGIN { @z = count(); zero(@z); @k[1] = count(); @k[2] = count(); @k[2] = count(); print(@k, 0, 2); exit(); }'
'interval:s:1 { @c = count(); if (pid >= 0) { printf("once\n"); exit(); } } END { printf("end\n"); }'
'BEGIN { @n++; @n++; @m["a"] += 5; @m["b"] += 3; @m["b"] -= 2; @m["a"]++; if (@n == 2) { @n += 10; } print(@n); exit(); }'
'BEGIN { @c["a"] = sum(1); @c["b"] = sum(2); @c["c"] = sum(30); print(@c, 2, 10); print(@c, 1); clear(@c); @t[1] = count(); exit(); }'
'BEGIN { @s[1] = "abc"; @s[2] = "de"; delete(@s[1]); printf("[%s] [%s]\n", @s[1], @s[2]); @start[7] = 5; delete(@start[7]); exit(); } END { clear(@s); }'
'BEGIN { $x = 5; if ($x > 3) { printf("big\n"); } else { printf("small\n"); } @m[$x > 3 ? "a" : "b"] = sum($x); print(@m); clear(@m); @m["c"] = sum(1); exit(); }'
)
for p in "${progs[@]}"; do
	bpftrace -e "$p" >"$d/bt.out"
	"$DTRACE" --bpftrace -e "$p" >"$d/dt.out"
	diff -u "$d/bt.out" "$d/dt.out" || { echo "for: $p"; exit 1; }
done
