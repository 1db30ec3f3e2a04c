#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# bpftrace built-ins, scratch variables, positional parameters, if/else,
# the ternary operator, unroll, comments, and a .bt script by suffix.
set -eu
. ./bt-lib.inc
out=$(bt_run -e '
BEGIN
{
	$x = 1;	// a scratch variable
	if ($x == 1) {
		printf("one %s %s\n", probe, comm);
	} else {
		printf("other\n");
	}
	unroll(3) { $x++; }
	/* a comment */
	@y = $x > 3 ? 10 : 20;
	printf("%s %s %d %d %d %d\n", str($1), $1, $#, $x, @y, $2 + 1);
	printf("%d %d %d %d\n", pid > 0, elapsed > 0 && elapsed < 60000000000, nsecs > 0, strncmp(comm, "dtrx", 3));
	exit();
}' hello 41)
exp='one BEGIN dtrace
hello hello 2 4 10 42
1 1 1 0


@y: 10'
[ "$out" = "$exp" ] || { echo "got:"; echo "$out"; exit 1; }

d=${TMPDIR:-/tmp}
cat >"$d/t.bt" <<'BT'
#!/usr/bin/env bpftrace
#include <linux/sched.h>
interval:ms:100
{
	@n++;
	if (@n == 3) {
		printf("tick %d %s\n", @n, probe);
		exit();
	}
}
BT
# @n, a counter, prints at exit as bpftrace prints it
exp='tick 3 interval:ms:100


@n: 3'
out=$("$DTRACE" -s "$d/t.bt" | bt_noattach)
[ "$out" = "$exp" ] || { echo "got: $out"; exit 1; }
out=$(bt_run "$d/t.bt")
[ "$out" = "$exp" ] || { echo "got: $out"; exit 1; }
