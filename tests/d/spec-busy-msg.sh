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
# One being committed (the other CPU has yet to apply it): busy, in
# DTrace's words for that.
out=$("$DTRACE" -q -x nspec=1 -n '
BEGIN { a = speculation(); }
BEGIN { speculate(a); printf("x\n"); }
BEGIN { commit(a); }
BEGIN { printf("%d\n", speculation()); exit(0); }' 2>"$TMPDIR/err")
[ "$out" = $'x\n0' ] || { echo "got '$out'"; exit 1; }
want='dtrace: 1 failed speculation (available buffer(s) still busy)'
[ "$(cat "$TMPDIR/err")" = "$want" ] ||
	{ echo "stderr: '$(cat "$TMPDIR/err")'"; exit 1; }
