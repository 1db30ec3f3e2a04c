#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Debian's bpftrace tools beside Debian's bpftrace (see
# bt-tools-vs-bpftrace-1.sh). Part 5: the other tools that read kernel
# types. The workload: a nanosleep(2) from python3 (naptime reads its
# struct __kernel_timespec in the process; sleep(1) would call
# clock_nanosleep), and ls / (dcsnoop's lookups).
set -eu
. ./bt-lib.inc
command -v bpftrace >/dev/null || { echo "bpftrace missing"; exit 1; }
export BT_WORK="python3 -c 'import ctypes; t = (ctypes.c_long * 2)(0, 20000000); ctypes.CDLL(None).syscall(35, t, None)'
ls / >/dev/null"
bt_tool_vs naptime ' python0 0\.0$' '^0:0:0 '
# dcsnoop: ls's lookups. bpftrace may stop between a d_lookup and its
# return, and then prints that @fname element at exit (dtrace prints
# plain maps empty): the header and ls's lines are compared
d=${TMPDIR:-/tmp}
if [ "${BT_PEER:-1}" = 0 ]; then
	bt_tool_alone dcsnoop '^0 0 ls R '
else
bt_tool_run "$d/dcsnoop.bt.out" bpftrace /usr/sbin/dcsnoop.bt
bt_tool_run "$d/dcsnoop.dt.out" "$DTRACE" -s /usr/sbin/dcsnoop.bt
for x in bt dt; do
	bt_tool_shape <"$d/dcsnoop.$x.out" |
		grep -E '^(0 0 ls R |Tracing |TIME )' | sort -u >"$d/dcsnoop.$x.cmp"
done
diff -u "$d/dcsnoop.bt.cmp" "$d/dcsnoop.dt.cmp" || {
	echo "dcsnoop: bpftrace:"; cat "$d/dcsnoop.bt.out"
	echo "dcsnoop: dtrace:"; cat "$d/dcsnoop.dt.out"; exit 1; }
grep -q '^0 0 ls R ' "$d/dcsnoop.dt.cmp" || {
	echo "dcsnoop: no lookup by ls"; cat "$d/dcsnoop.dt.out"; exit 1; }
fi
# run queue lengths as a histogram; biosnoop's four functions are not
# in 6.1 (inlined), md_flush_request is in md_mod, not loaded: both
# skip them with a warning and print the header and the maps at exit
for t in runqlen biosnoop mdflush; do
	bt_tool_vs "$t" NONE NONE
done
