#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# strtoll( ) with a base outside 2..36 is an illegal operation at run
# time, as in DTrace: reported, that clause stops, the next one runs.
set -eu
err=$TMPDIR/err
out=$("$DTRACE" -qn 'BEGIN { b = 37; printf("%d\n", strtoll("1", b)); }
    BEGIN { printf("after\n"); exit(0); }' 2>"$err")
[ "$out" = after ] || { echo "got '$out'"; cat "$err"; exit 1; }
grep -Eqx 'dtrace: error on enabled probe ID [0-9]+ \(ID [0-9]+: dtrace:::BEGIN\): illegal operation in action #1 at DIF offset [0-9]+' "$err" ||
	{ cat "$err"; exit 1; }
