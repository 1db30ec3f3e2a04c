#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# A tiny aggsize or dynvarsize is accepted, as in DTrace: what does not
# fit is dropped and reported; nothing fails to start.
set -eu
err=${TMPDIR:-/tmp}/small.err
"$DTRACE" -q -x aggsize=8 -n 'BEGIN { @a[1] = count(); @b[2] = sum(5);
	exit(0); }' >/dev/null 2>"$err" || { cat "$err"; exit 1; }
grep -Eqx 'dtrace: [0-9]+ aggregation drops? on CPU [0-9]+' "$err" ||
	{ cat "$err"; exit 1; }
# One variable fits (the module rounds up to it); the next do not.
out=$("$DTRACE" -q -x dynvarsize=1 -n 'BEGIN { a[1] = 7; b[1] = 1;
	b[2] = 2; printf("%d\n", a[1]); exit(0); }' 2>"$err") ||
	{ cat "$err"; exit 1; }
[ "$out" = 7 ] || { echo "got '$out'"; cat "$err"; exit 1; }
grep -Eq 'dynamic variable drops?' "$err" || { cat "$err"; exit 1; }
# A bad value is still an error, named as DTrace names it.
"$DTRACE" -x aggsize=1t -n BEGIN 2>&1 >/dev/null | grep -qx \
	"dtrace: failed to set -x aggsize: Invalid value for specified option"
