#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# A buffer too small for the records: DTrace's drop report, and what fit
# is still printed.
set -eu
err=${TMPDIR:-/tmp}/drops.err
p='printf("%s %s %s %s %s %s %s %s\n", probename, probename, probename,
	probename, probename, probename, probename, probename);'
out=$("$DTRACE" -q -b 4k -n "BEGIN { $p }" -n "BEGIN { $p }" \
	-n 'BEGIN { exit(0); }' 2>"$err")
[ "$out" = "BEGIN BEGIN BEGIN BEGIN BEGIN BEGIN BEGIN BEGIN" ] ||
	{ echo "got '$out'"; exit 1; }
grep -Eqx 'dtrace: 1 drop on CPU [0-9]+' "$err" || { cat "$err"; exit 1; }
