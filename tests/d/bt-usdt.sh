#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# bpftrace's usdt:PATH:PROVIDER:NAME on a process given by -c (our USDT
# probes belong to one process), with its arguments.
set -eu
. ./bt-lib.inc
d=${TMPDIR:-/tmp}
cat >"$d/u.c" <<'C'
#include <sys/sdt.h>

int main(void)
{
	volatile long big = 1234567890123L;
	int i;

	for (i = 0; i < 3; i++)
		STAP_PROBE2(myapp, tick, i, big);
	return 0;
}
C
gcc -O1 -o "$d/u" "$d/u.c"
cd "$d"
out=$(bt_run -c ./u -e 'usdt:./u:myapp:tick { printf("tick %d %d\n", arg0, arg1); }')
exp='tick 0 1234567890123
tick 1 1234567890123
tick 2 1234567890123'
[ "$out" = "$exp" ] || { echo "got '$out'"; exit 1; }
