#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# A fixed array indexed past its end by a variable is an error at run
# time, as in DTrace, and nothing is stored; within bounds all is well.
set -eu
err=${TMPDIR:-/tmp}/decl-bounds.err
out=$("$DTRACE" -qn 'int a[5]; BEGIN { i = 8; a[i] = 1234; }
	BEGIN { i = 4; a[i] = 5; printf("%d %d\n", a[4], a[8 - i]); }
	BEGIN { i = -1; trace(a[i]); }
	BEGIN { exit(0); }' 2>"$err")
[ "$out" = "5 5" ] || { echo "got '$out'"; cat "$err"; exit 1; }
n=$(grep -Ec '^dtrace: error on enabled probe ID [0-9]+ \(ID [0-9]+: dtrace:::BEGIN\): invalid address \(0x0\) in action #1 at DIF offset [0-9]+$' "$err")
[ "$n" = 2 ] || { cat "$err"; exit 1; }
