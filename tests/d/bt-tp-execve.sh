#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# bpftrace's "new processes with arguments", unchanged: join() of the
# user's argv array from the execve tracepoint: the shell's child.
set -eu
. ./bt-lib.inc
d=${TMPDIR:-/tmp}
echo '/bin/echo a1 b2 c3 >/dev/null' >"$d/run.sh"
out=$(bt_run -c "/bin/sh $d/run.sh" \
	-e 'tracepoint:syscalls:sys_enter_execve { join(args->argv); }')
printf '%s\n' "$out" | grep -qx '/bin/echo a1 b2 c3' || { echo "$out"; exit 1; }
