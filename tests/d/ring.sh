#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# bufpolicy=ring keeps the newest records and prints them at the end.
set -eu
out=$("$DTRACE" -q -x bufpolicy=ring -b 4k -n 'tick-100hz { n++; printf("%d\n", n); }
	tick-100hz /n == 300/ { exit(0); }')
last=$(printf '%s\n' "$out" | tail -1)
first=$(printf '%s\n' "$out" | head -1)
[ "$last" = 300 ] || { echo "last '$last'"; exit 1; }
[ "$first" -gt 1 ] || { echo "first '$first': the ring kept the oldest"; exit 1; }
# consecutive: nothing lost inside what was kept
printf '%s\n' "$out" | awk -v f="$first" 'NR > 1 && $1 != prev + 1 { exit 1 } { prev = $1 }' ||
	{ echo "$out"; exit 1; }
