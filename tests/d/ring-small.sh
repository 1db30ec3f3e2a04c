#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# A ring of a few hundred bytes keeps the last few records, a DTrace
# idiom: -b 300 (296 bytes, rounded down to a multiple of 8 as DTrace
# does) holds 12 records of 24 bytes (a 16-byte header and one value);
# the newest are printed at the end, consecutive, the last one 50. And a
# speculation buffer as small as one record (specsize=24) takes it.
set -eu
out=$("$DTRACE" -q -x bufpolicy=ring -b 300 -n '
	tick-100hz { n++; printf("%d\n", n); }
	tick-100hz /n == 50/ { exit(0); }')
first=$(printf '%s\n' "$out" | head -1)
last=$(printf '%s\n' "$out" | tail -1)
kept=$(printf '%s\n' "$out" | wc -l)
[ "$last" = 50 ] || { echo "last '$last'"; exit 1; }
[ "$kept" -ge 2 ] && [ "$kept" -le 12 ] ||
	{ echo "kept $kept records: $out"; exit 1; }
[ "$first" = $((51 - kept)) ] || { echo "not consecutive: $out"; exit 1; }
out=$("$DTRACE" -q -x specsize=24 -x nspec=1 -n '
	BEGIN { s = speculation(); }
	BEGIN { speculate(s); printf("%d\n", 7); }
	BEGIN { commit(s); }
	BEGIN { exit(0); }')
[ "$out" = 7 ] || { echo "speculation: got '$out'"; exit 1; }
