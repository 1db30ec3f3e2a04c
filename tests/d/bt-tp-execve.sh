#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# bpftrace's "new processes with arguments", unchanged: join() of the
# user's argv array from the execve tracepoint. (Needs the tracepoint
# provider.)
set -eu
out=$("$DTRACE" --bpftrace -c '/bin/sh -c "/bin/echo a1 b2 c3 >/dev/null"' \
	-e 'tracepoint:syscalls:sys_enter_execve { join(args->argv); }')
printf '%s\n' "$out" | grep -qx '/bin/echo a1 b2 c3' || { echo "$out"; exit 1; }
printf '%s\n' "$out" | grep -qx '/bin/sh -c /bin/echo a1 b2 c3 >/dev/null' || { echo "$out"; exit 1; }
