#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# -o appends the trace output to a file; stdout stays empty.
set -eu
f=${TMPDIR:-/tmp}/output-file.out
rm -f "$f"
for i in 1 2; do
	out=$("$DTRACE" -q -o "$f" -n "BEGIN { printf(\"run $i\\n\"); exit(0); }")
	[ -z "$out" ] || { echo "stdout: '$out'"; exit 1; }
done
# each run ends with DTrace's newline when tracing stops
[ "$(cat "$f")" = "$(printf 'run 1\n\nrun 2')" ] || { cat "$f"; exit 1; }
