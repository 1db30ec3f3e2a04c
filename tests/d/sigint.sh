#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# SIGINT ends tracing as in DTrace: a newline (even under -q), END fires,
# DTrace's newline at the end, the aggregations print, and the exit
# status is 0.
set -eu
# BEGIN's line says tracing has begun: a starved guest took over 2 s to
# get there, and a SIGINT before it left nothing counted.
"$DTRACE" -q -n 'BEGIN { printf("begun\n"); } tick-10ms { @ticks = count(); }
	END { printf("end after %d ticks\n", 0); }' >"$TMPDIR/all" 2>"$TMPDIR/err" &
pid=$!
for i in $(seq 600); do
	grep -q '^begun' "$TMPDIR/all" && break
	sleep 0.1
done
sleep 2
kill -INT $pid
rc=0
wait $pid || rc=$?
[ $rc -eq 0 ] || { echo "exit status $rc"; cat "$TMPDIR/err"; exit 1; }
sed 1d "$TMPDIR/all" >"$TMPDIR/out"
out=$(cat "$TMPDIR/out")
grep -qx 'end after 0 ticks' <<<"$out" || { echo "no END: $out"; exit 1; }
n=$(awk 'NF == 1 && $1 ~ /^[0-9]+$/ { print $1 }' <<<"$out")
[ -n "$n" ] && [ "$n" -ge 20 ] || { echo "no count: $out"; exit 1; }
first=$(sed -n 1p "$TMPDIR/out")
third=$(sed -n 3p "$TMPDIR/out")
[ -z "$first" ] && [ -z "$third" ] || { echo "newlines: $out"; exit 1; }
