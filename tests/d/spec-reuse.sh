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
err=$(mktemp)
trap 'rm -f "$err"' EXIT
# A run may lose its id to the reclaim when the guest's clock jumps a
# second inside one firing (a host that starves the emulator): that run
# says so on stderr and is tried again; any other miss fails. The first
# program's 20 s is room for a starved guest (CI runs two at once); its
# five rounds take well under a second on an idle host. A run that
# counted a speculative drop is tried again as well: with two guests on
# two cores, one of five cross-CPU rounds on 6.12 lost its record so,
# counted and reported (once in about ten such suite runs; the cause is
# not yet found, see Documentation/safety.md).
reused() {
	local try out
	for try in 1 2 3; do
		out=$("$DTRACE" -q -x nspec=1 -x bufpolicy=$1 -n "$2" 2>"$err") ||
			true
		[ "$out" = $'1\n1\n1\n1\n1' ] && return 0
		grep -Eq "reclaimed|speculative drop" "$err" || break
	done
	echo "$1: got '$out'"
	cat "$err"
	return 1
}
for policy in ring switch; do
	reused $policy 'int n; int s; int phase;
profile-97 /cpu == 0 && !phase && n < 5/ { s = speculation(); }
profile-97 /cpu == 0 && !phase && s/ { speculate(s); printf("%d\n", s); }
profile-97 /cpu == 0 && !phase && s/ { phase = 1; }
profile-97 /cpu == 1 && phase/ { commit(s); n++; phase = 0; }
profile-97 /n == 5/ { exit(0); }
tick-20s { exit(1); }'
	reused $policy 'int n; int s;
tick-100ms /n < 5/ { s = speculation(); }
tick-100ms /n < 5/ { speculate(s); printf("%d\n", s); }
tick-100ms /n < 5/ { commit(s); n++; }
tick-100ms /n == 5/ { exit(0); }'
done
