#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# dtrace -l lists the kernel's tracepoints (from tracefs) as
# tracepoint:SYSTEM::EVENT.
set -eu
out=$("$DTRACE" -l -P tracepoint)
n=$(printf '%s\n' "$out" | sed 1d | wc -l)
[ "$n" -gt 500 ] || { echo "only $n tracepoints"; exit 1; }
printf '%s\n' "$out" | grep -Eq '^ *[0-9]+ +tracepoint +sched +sched_switch$' ||
	{ printf '%s\n' "$out" | head; exit 1; }
"$DTRACE" -l | grep -Eq ' tracepoint +syscalls +sys_enter_openat$'
out=$("$DTRACE" -l -n 'tracepoint:sched::sched_switch' | sed 1d | awk '{ print $2, $3, $4 }')
[ "$out" = "tracepoint sched sched_switch" ] || { echo "$out"; exit 1; }
