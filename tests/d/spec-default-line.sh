#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Without -q, a clause that speculates and records nothing else prints
# its probe's line only if committed: one line more than when discarded,
# and a speculation never committed prints none either.
set -eu
lines() {
	"$DTRACE" -x nspec=2 -n '
BEGIN { self->s = speculation(); }
BEGIN { speculate(self->s); }
BEGIN { '"$1"' }
BEGIN { exit(0); }' 2>/dev/null | grep -c ':BEGIN' || true
}
c=$(lines 'commit(self->s);')
d=$(lines 'discard(self->s);')
n=$(lines 'discard(0);')
[ "$c" = $((d + 1)) ] || { echo "committed $c, discarded $d lines"; exit 1; }
[ "$n" = "$d" ] || { echo "never committed $n, discarded $d lines"; exit 1; }
