#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# fbt:::entry on every function with a count for a second: it completes,
# counts plenty of functions, and lists as many probes as the kernel
# offers traceable functions we can name.
set -u
out=$("$DTRACE" -q -n 'fbt:::entry { @[probefunc] = count(); }' \
	-n 'tick-1s { exit(0); }' 2>&1)
st=$?
[ $st = 0 ] || { echo "status $st"; echo "$out" | tail; exit 1; }
n=$(grep -cE '^ +[A-Za-z_.0-9]+ +[0-9]+$' <<<"$out")
[ "$n" -gt 100 ] || { echo "only $n functions counted"; exit 1; }

probes=$("$DTRACE" -l -n 'fbt:::entry' | tail -n +2 | wc -l)
list=/sys/kernel/tracing/available_filter_functions
sites=$(wc -l <"$list")
names=$(sort -u "$list" | wc -l)
echo "# $probes fbt entry probes; $sites traceable sites, $names names; $n counted"
# A probe per site (same-named static functions each get one), less the
# names kallsyms lacks and our own module's.
[ "$probes" -ge $((names * 90 / 100)) ] && [ "$probes" -le "$sites" ] ||
	{ echo "listing $probes vs $sites sites, $names names"; exit 1; }
