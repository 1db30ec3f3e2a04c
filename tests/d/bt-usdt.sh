#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# bpftrace's usdt:PATH:PROVIDER:NAME on a process given by -c (our USDT
# probes belong to one process), with its arguments; -l of PATH's
# probes, as bpftrace 0.17 lists them (PATH as written).
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
	STAP_PROBE(myapp, done);
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
out=$("$DTRACE" --bpftrace -l 'usdt:./u:*')
[ "$out" = "usdt:./u:myapp:done
usdt:./u:myapp:tick" ] || { echo "-l got '$out'"; exit 1; }
out=$("$DTRACE" --bpftrace -l 'U:./u:*:tick')
[ "$out" = "usdt:./u:myapp:tick" ] || { echo "-l U: got '$out'"; exit 1; }
if out=$("$DTRACE" --bpftrace -l 'usdt:/nonexist:*' 2>&1); then
	echo "-l of no file: '$out'"; exit 1
fi
[ "$out" = "ERROR: usdt target file '/nonexist' does not exist or is not executable" ] ||
	{ echo "-l of no file got '$out'"; exit 1; }
