#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# dtrace -l lists the kernel's tracepoints (from tracefs) as
# tracepoint:SYSTEM::EVENT; -lv prints the fields of args->.
set -eu
out=$("$DTRACE" -l -P tracepoint)
n=$(printf '%s\n' "$out" | sed 1d | wc -l)
[ "$n" -gt 500 ] || { echo "only $n tracepoints"; exit 1; }
printf '%s\n' "$out" | grep -Eq '^ *[0-9]+ +tracepoint +sched +sched_switch$' ||
	{ printf '%s\n' "$out" | head; exit 1; }
"$DTRACE" -l | grep -Eq ' tracepoint +syscalls +sys_enter_openat$'
out=$("$DTRACE" -l -n 'tracepoint:sched::sched_switch' | sed 1d | awk '{ print $2, $3, $4 }')
[ "$out" = "tracepoint sched sched_switch" ] || { echo "$out"; exit 1; }
# -lv: the fields of args->, typed from the format file
out=$("$DTRACE" -lv -n 'tracepoint:sched::sched_process_exec')
for f in 'args->common_pid: int32_t' 'args->filename: string' \
	'args->pid: int32_t' 'args->old_pid: int32_t'; do
	printf '%s\n' "$out" | grep -qxF "		$f" || { printf '%s\n' "$out"; exit 1; }
done
printf '%s\n' "$out" | grep -q 'arg0: the address of the event' ||
	{ printf '%s\n' "$out"; exit 1; }
out=$("$DTRACE" -lv -n 'proc:::signal-send')
printf '%s\n' "$out" | grep -q 'args\[2\]: int, the signal' ||
	{ printf '%s\n' "$out"; exit 1; }
