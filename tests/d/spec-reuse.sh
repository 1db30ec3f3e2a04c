#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# One speculation used again and again, its records on CPU 0 and each
# commit on CPU 1: CPU 0 applies it at the consumer's next STATUS (as
# DTrace's cleaner does at cleanrate), not only at its next buffer
# switch, which the ring policy makes only at the end (the speculation
# stayed busy for the whole run after its first commit) and the switch
# policy at switchrate (1 Hz). Then, committed on the CPU that holds its
# records, a speculation is free at once.
set -eu
for policy in ring switch; do
	out=$("$DTRACE" -q -x nspec=1 -x bufpolicy=$policy -n 'int n; int s; int phase;
profile-97 /cpu == 0 && !phase && n < 5/ { s = speculation(); }
profile-97 /cpu == 0 && !phase && s/ { speculate(s); printf("%d\n", s); }
profile-97 /cpu == 0 && !phase && s/ { phase = 1; }
profile-97 /cpu == 1 && phase/ { commit(s); n++; phase = 0; }
profile-97 /n == 5/ { exit(0); }
tick-5s { exit(1); }' 2>/dev/null) || { echo "$policy: only '$out'"; exit 1; }
	[ "$out" = $'1\n1\n1\n1\n1' ] || { echo "$policy: got '$out'"; exit 1; }
	out=$("$DTRACE" -q -x nspec=1 -x bufpolicy=$policy -n 'int n; int s;
tick-100ms /n < 5/ { s = speculation(); }
tick-100ms /n < 5/ { speculate(s); printf("%d\n", s); }
tick-100ms /n < 5/ { commit(s); n++; }
tick-100ms /n == 5/ { exit(0); }' 2>&1)
	[ "$out" = $'1\n1\n1\n1\n1' ] || { echo "$policy, one CPU: '$out'"; exit 1; }
done
