#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Without -q: the heading once, then CPU, probe ID and FUNCTION:NAME in
# DTrace's columns before the data, and a newline after each record; the
# "matched" notice on stderr.
set -eu
err=${TMPDIR:-/tmp}/default-output.err
out=$("$DTRACE" -n 'BEGIN { printf("hello %d", 6 * 7); trace(7); exit(0); }' \
	2>"$err")
head=$(printf '%s\n' "$out" | sed -n 1p)
line=$(printf '%s\n' "$out" | sed -n 2p)
[ "$head" = "CPU     ID                    FUNCTION:NAME" ] ||
	{ echo "bad heading: '$head'"; exit 1; }
read -r cpu id _ <<<"$line"
want=$(printf '%3d %6d %32s hello 42%9d' "$cpu" "$id" ":BEGIN" 7)
[ "$line" = "$want" ] || { printf 'got  "%s"\nwant "%s"\n' "$line" "$want"; exit 1; }
[ "$(printf '%s\n' "$out" | wc -l)" = 2 ] || { echo "extra lines: $out"; exit 1; }
grep -qx "dtrace: description 'BEGIN ' matched 1 probe" "$err" ||
	{ cat "$err"; exit 1; }
