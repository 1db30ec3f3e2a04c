#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# speculate(), commit() and discard() inside if blocks: a block not
# taken leaves the record unspeculated and commits or discards nothing.
set -eu
out=$("$DTRACE" -q -x nspec=2 -n '
BEGIN { self->a = speculation(); self->b = speculation(); }
BEGIN { if (self->a > 0) { speculate(self->a); } printf("committed\n"); }
BEGIN { if (self->b > 0) { speculate(self->b); } printf("discarded\n"); }
BEGIN { if (self->a > 5) { speculate(self->a); } printf("direct\n"); }
BEGIN { if (self->a > 5) { commit(self->a); } else { discard(self->b); } }
BEGIN { if (self->b > 5) { discard(self->a); } }
BEGIN { if (self->a > 0) { commit(self->a); } }
BEGIN { exit(0); }' | grep . | sort)
[ "$out" = "$(printf 'committed\ndirect')" ] || { echo "got '$out'"; exit 1; }
