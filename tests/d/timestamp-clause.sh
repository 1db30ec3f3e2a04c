#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# timestamp and vtimestamp are the time of the probe's firing, as DTrace
# documents them: two reads in one clause, with work between them, and a
# read in a later clause of the same firing give one value. The next
# firing of the probe is later. (A profile probe: the unit tests' fake
# module has only BEGIN, END and ERROR.)
set -u
out=$("$DTRACE" -s /dev/stdin <<'D'
#pragma D option quiet

int n;

tick-10hz
{
	this->t = timestamp;
	this->v = vtimestamp;
	this->s = strjoin(execname, probename);
	this->s = strjoin(this->s, this->s);
	this->s = strjoin(this->s, this->s);
	this->n = strlen(this->s) + strlen(lltostr(timestamp));
	same = this->t == timestamp && this->v == vtimestamp;
	printf("%d %d\n", same, this->n > 0);
	t[n] = timestamp;
	v[n] = vtimestamp;
}

tick-10hz
{
	printf("%d %d\n", t[n] == timestamp, v[n] == vtimestamp);
	n++;
}

tick-10hz
/n == 2/
{
	printf("%d\n", t[1] > t[0]);
	exit(0);
}
D
)
rc=$?
want=$(printf '1 1\n1 1\n1 1\n1 1\n1\n')
[ "$rc" = 0 ] || { echo "status $rc"; exit 1; }
[ "$out" = "$want" ] || { printf 'got:\n%s\nwant:\n%s\n' "$out" "$want"; exit 1; }
