#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# SIGINT ends tracing as in DTrace: a newline (even under -q), END fires,
# DTrace's newline at the end, the aggregations print, and the exit
# status is 0.
set -eu
"$DTRACE" -q -n 'tick-10ms { @ticks = count(); }
	END { printf("end after %d ticks\n", 0); }' >"$TMPDIR/out" 2>"$TMPDIR/err" &
pid=$!
sleep 2
kill -INT $pid
rc=0
wait $pid || rc=$?
[ $rc -eq 0 ] || { echo "exit status $rc"; cat "$TMPDIR/err"; exit 1; }
out=$(cat "$TMPDIR/out")
grep -qx 'end after 0 ticks' <<<"$out" || { echo "no END: $out"; exit 1; }
n=$(awk 'NF == 1 && $1 ~ /^[0-9]+$/ { print $1 }' <<<"$out")
[ -n "$n" ] && [ "$n" -ge 20 ] || { echo "no count: $out"; exit 1; }
first=$(sed -n 1p "$TMPDIR/out")
third=$(sed -n 3p "$TMPDIR/out")
[ -z "$first" ] && [ -z "$third" ] || { echo "newlines: $out"; exit 1; }
