#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# speculation( ) with none free gives 0, counted and reported in
# DTrace's words.
set -u
out=$("$DTRACE" -q -x nspec=1 -n '
BEGIN { a = speculation(); b = speculation(); c = speculation(); }
BEGIN { printf("%d %d %d\n", a, b, c); exit(0); }' 2>"$TMPDIR/err")
[ "$out" = "1 0 0" ] || { echo "got '$out'"; exit 1; }
want='dtrace: 2 failed speculations (no speculative buffer available)'
[ "$(cat "$TMPDIR/err")" = "$want" ] ||
	{ echo "stderr: '$(cat "$TMPDIR/err")'"; exit 1; }
# One being committed (its records on CPU 0, committed from CPU 1: CPU 0
# has yet to apply it): busy, in DTrace's words for that.
out=$("$DTRACE" -q -x nspec=1 -n 'int a; int s; int done;
profile-97 /cpu == 0 && !a/ { a = speculation(); }
profile-97 /cpu == 0 && a && !s/ { speculate(a); printf("x\n"); }
profile-97 /cpu == 0 && a && !s/ { s = 1; }
profile-97 /cpu == 1 && s && !done/ { commit(a); }
profile-97 /cpu == 1 && s && !done/ { done = 1; printf("%d\n", speculation());
	exit(0); }
tick-5s { exit(1); }' 2>"$TMPDIR/err" | grep . | sort)
[ "$out" = $'0\nx' ] || { echo "got '$out'"; exit 1; }
want='dtrace: 1 failed speculation (available buffer(s) still busy)'
[ "$(cat "$TMPDIR/err")" = "$want" ] ||
	{ echo "stderr: '$(cat "$TMPDIR/err")'"; exit 1; }
