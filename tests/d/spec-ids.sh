#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Ids that do not name an active speculation are ignored, as in DTrace:
# one already committed, one never handed out (2 of nspec=2), commit( )
# and discard( ) of them. An id past nspec is an illegal operation.
set -eu
out=$("$DTRACE" -q -x nspec=2 -n '
BEGIN { a = speculation(); }
BEGIN { speculate(a); printf("kept %d\n", a); }
BEGIN { commit(a); }
BEGIN { speculate(a); printf("stale\n"); }
BEGIN { speculate(2); printf("never handed out\n"); }
BEGIN { commit(a); }
BEGIN { discard(a); }
BEGIN { commit(2); }
BEGIN { discard(2); }
BEGIN { printf("end\n"); exit(0); }' 2>/dev/null)
want=$'kept 1\nend'
[ "$out" = "$want" ] || { echo "got '$out'"; exit 1; }
err=$("$DTRACE" -q -x nspec=2 -n 'BEGIN { speculate(3); printf("x\n"); }
	BEGIN { exit(0); }' 2>&1 >/dev/null) || true
grep -q 'illegal operation' <<<"$err" || { echo "no error: '$err'"; exit 1; }
