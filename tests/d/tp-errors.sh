#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# args on tracepoints: an unknown field, and a clause that mixes
# tracepoints with other probes, are compile errors in DTrace's words.
set -eu
err=$("$DTRACE" -e -n 'tracepoint:sched::sched_process_exec { trace(args->nosuch); }' 2>&1) && exit 1
[ "$err" = 'dtrace: invalid probe specifier tracepoint:sched::sched_process_exec { trace(args->nosuch); }: in action list: nosuch is not a member of struct tracepoint_sched_sched_process_exec' ] ||
	{ echo "$err"; exit 1; }
err=$("$DTRACE" -e -n 'tracepoint:sched::sched_process_exec, syscall::read:entry { trace(args->pid); }' 2>&1) && exit 1
printf '%s\n' "$err" | grep -q 'args is not available: the clause mixes tracepoint and other probes' ||
	{ echo "$err"; exit 1; }
