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
