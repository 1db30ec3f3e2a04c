#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# speculate() holds a clause's record until commit() (printed) or
# discard() (never printed).
set -eu
out=$("$DTRACE" -q -x nspec=2 -n '
BEGIN { self->a = speculation(); self->b = speculation(); }
BEGIN { speculate(self->a); printf("committed %d\n", self->a > 0); }
BEGIN { speculate(self->b); printf("discarded\n"); }
BEGIN { commit(self->a); discard(self->b); }
BEGIN { exit(0); }')
[ "$out" = "committed 1" ] || { echo "got '$out'"; exit 1; }
