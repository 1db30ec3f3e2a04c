#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# struct definitions between a bpftrace script's probes: a struct of
# the kernel's fixed-size integers laid over do_sys_openat2's open_how
# (a python open( ) with O_WRONLY|O_CREAT and mode 0640: "1 640 0", as
# Debian's bpftrace prints for the same script; its clang takes 80 s to
# start on it under TCG, so it is not run here), a char array member
# read as a string (the task's comm, through offsetof), sizeof and
# offsetof of the script's own types, a union; a definition's syntax
# error at its line and column.
set -eu
. ./bt-lib.inc
script=$TMPDIR/how.bt
cat >"$script" <<'BT'
#include <linux/fcntl.h>
struct how {
	u64 flags;
	__u64 mode;
	u64 resolve;
};

kprobe:do_sys_openat2 /comm == "python3"/
{
	$h = (struct how *)arg2;
	if ($h->mode == 0640) {
		printf("%d %o %d\n", $h->flags & 3, $h->mode, $h->resolve);
	}
}
BT
work="python3 -c 'import os; os.close(os.open(\"$TMPDIR/f\", os.O_WRONLY | os.O_CREAT, 0o640))'"
run() { # TRACER...
	local out=$TMPDIR/how.out i
	"$@" "$script" >"$out" 2>&1 &
	for i in $(seq 300); do
		grep -q '^Attaching' "$out" && break
		sleep 0.1
	done
	sleep 1
	eval "$work"
	kill -INT $!
	wait $! || true
	grep -v '^Attaching' "$out" | grep .
}
got=$(run "$DTRACE" -s)
[ "$got" = "1 640 0" ] || { echo "open_how: '$got'"; exit 1; }

got=$(bt_run -e 'struct comm { char c[16]; };
union u { int i; char b[8]; long l; };
struct pair { char a; struct pair *next; int v[3]; };
BEGIN {
	$p = (struct comm *)((uint64)curtask + offsetof(struct task_struct, comm));
	printf("%s %d %d %d %d\n", $p->c, sizeof(union u), sizeof(struct pair),
	    offsetof(struct pair, v), sizeof(struct comm));
	exit();
}')
[ "$got" = "dtrace 8 32 16 16" ] || { echo "struct comm: '$got'"; exit 1; }

got=$("$DTRACE" --bpftrace -e 'BEGIN { exit(); }
struct x { int a };' 2>&1) && { echo "a bad struct ran"; exit 1; }
want='stdin:2:18-19: ERROR: syntax error near "}"
struct x { int a };
                 ^'
[ "$got" = "$want" ] || { echo "struct error: '$got'"; exit 1; }
echo ok
