#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# An id lost to a dropped store (self->s = speculation( ) with the dynamic
# variable store full) is reclaimed once speculation( ) finds none free:
# both speculations were lost in the first half second, and are taken
# back a second later (counted and reported). DTrace keeps them busy until
# the end, and every later speculation( ) failed here too.
set -eu
fill=$(for i in $(seq 1 64); do printf 'a[%d] = 1; ' "$i"; done)
out=$("$DTRACE" -q -x nspec=2 -x dynvarsize=4k -n 'int n; int got;
BEGIN { '"$fill"' }
tick-100ms /n < 4/ { n++; self->s = speculation(); }
tick-100ms /n >= 4/ { this->t = speculation(); got += this->t != 0;
	discard(this->t); }
tick-4s { printf("lost %d, then got %d\n", self->s != 0, got > 0); exit(0); }' \
	2>"$TMPDIR/err")
[ "$out" = "lost 0, then got 1" ] || { echo "got '$out'"; exit 1; }
grep -Eq '^dtrace: [0-9]+ speculations? reclaimed \(unused for long while none was free\)$' \
	"$TMPDIR/err" || { echo "no reclaim reported:"; cat "$TMPDIR/err"; exit 1; }
