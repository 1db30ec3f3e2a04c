#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# As DTrace allows: data and exit( ) after discard( ) in one clause, and
# speculate( ) after chill( ) (which records nothing).
set -eu
out=$("$DTRACE" -q -w -x nspec=2 -n '
BEGIN { a = speculation(); b = speculation(); }
BEGIN { chill(1); speculate(a); printf("committed\n"); }
BEGIN { speculate(b); printf("discarded\n"); }
BEGIN { commit(a); }
BEGIN { discard(b); printf("data after discard\n"); exit(0); }' 2>&1)
want=$'committed\ndata after discard'
[ "$out" = "$want" ] || { echo "got '$out'"; exit 1; }
