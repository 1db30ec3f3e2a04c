#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# zonename and pset, the library's constants; ipl 0 in BEGIN (the
# consumer's ioctl, a task) and 2 in profile-97 (a hard hrtimer
# interrupt, on PREEMPT_RT too); chip and lgrp of CPU 0, the one
# package and node of the guest. A .sh, not a .d: the host's run of
# tests/d has neither the library nor profile probes.
set -eu
out=$("$DTRACE" -qn '
int done;

BEGIN
{
	printf("%s %d %d\n", zonename, pset, ipl);
}

profile-97
/cpu == 0 && !done/
{
	done = 1;
	printf("%d %d %d\n", chip, lgrp, ipl);
	exit(0);
}')
want=$'global 0 0\n0 0 2'
[ "$out" = "$want" ] || { echo "FAIL: got:"; printf '%s\n' "$out"; exit 1; }
echo ok
