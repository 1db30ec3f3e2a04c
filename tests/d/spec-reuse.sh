#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# One speculation, used again and again: each commit is applied on every
# CPU at the consumer's next STATUS (as DTrace's cleaner does at
# cleanrate), not only when it switches buffers, which the ring policy
# does only at the end (so the speculation stayed busy for the whole run
# after its first commit) and the switch policy at switchrate (1 Hz).
set -eu
for policy in ring switch; do
	out=$("$DTRACE" -q -x nspec=1 -x bufpolicy=$policy -n 'int n; int s;
tick-300ms /n < 5/ { s = speculation(); }
tick-300ms /n < 5/ { speculate(s); printf("%d\n", s); }
tick-300ms /n < 5/ { commit(s); n++; }
tick-300ms /n == 5/ { exit(0); }' 2>&1)
	want=$'1\n1\n1\n1\n1'
	[ "$out" = "$want" ] || { echo "$policy: got '$out'"; exit 1; }
done
