#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# -p: pid$target probes on a process that is already running; tracing
# ends when it exits. The process runs 20 s: in 3 s, make check's loaded
# guest had not attached twice before it exited.
set -eu
d=${TMPDIR:-/tmp}
cat >"$d/loop.c" <<'C'
#include <unistd.h>
__attribute__((noinline)) int f(int x) { return x + 1; }
int main(void)
{
	int i, s = 0;

	for (i = 0; i < 200; i++) {
		s += f(i);
		usleep(100000);
	}
	return s < 0;
}
C
gcc -O1 -o "$d/loop" "$d/loop.c"
"$d/loop" &
p=$!
out=$("$DTRACE" -q -p $p -n 'pid$target:a.out:f:entry { n++; }
	pid$target:a.out:f:entry /n == 3/ { printf("pid %d arg %s\n", pid,
	arg0 > 0 ? "ok" : "bad"); exit(0); }' 2>&1) ||
	{ echo "first attach: $out"; exit 1; }
[ "$out" = "pid $p arg ok" ] || { echo "got '$out'"; exit 1; }
# attached again until the process exits
out=$("$DTRACE" -q -p $p -n 'pid$target:a.out:f:entry { @ = count(); }
	END { printa("%@d\n", @); }' 2>&1) ||
	{ echo "second attach: $out"; exit 1; }
n=$(printf '%s\n' "$out" | grep -v '^$')
[ "$n" -ge 1 ] && [ "$n" -le 200 ] || { echo "got '$out'"; exit 1; }
wait $p
