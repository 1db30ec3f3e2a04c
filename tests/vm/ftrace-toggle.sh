#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Guest side of tests/vm/reliability.sh --ftrace-only: arm and disarm
# every kernel function RUNS times with ftrace's function tracer, no
# dtrace.ko loaded, printing each run's time; the last line is
# "N passed, N failed" (a run that hangs never prints it, and the
# harness reports the soft lockup).
#
# Usage: tests/vm/ftrace-toggle.sh [RUNS]
set -u
t=/sys/kernel/tracing
mountpoint -q "$t" || mount -t tracefs nodev "$t" || exit 2
runs=${1:-20}
for i in $(seq 1 "$runs"); do
	s=$(date +%s%N)
	echo function >"$t/current_tracer" || exit 1
	sleep 0.5
	echo nop >"$t/current_tracer" || exit 1
	echo "run $i: $((($(date +%s%N) - s) / 1000000)) ms"
done
echo "$runs passed, 0 failed"
