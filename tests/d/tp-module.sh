#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Tracepoints of a kernel module (kvm): listed once it is loaded; while
# one is enabled perf holds the module, so rmmod is refused; after the
# consumer exits the module unloads and its probes are gone; loaded
# again, it traces again. No crash at any step.
set -u
mod=kvm
modprobe $mod 2>/dev/null || { echo "cannot load $mod"; exit 1; }
n=$("$DTRACE" -l -n "tracepoint:$mod::*" | sed 1d | wc -l)
[ "$n" -ge 10 ] || { echo "$n $mod tracepoints"; exit 1; }
"$DTRACE" -q -n "tracepoint:$mod::kvm_exit { trace(args->common_pid); }
	tick-3s { exit(0); }" >/dev/null &
pid=$!
sleep 2
if rmmod $mod 2>/dev/null; then
	echo "rmmod $mod succeeded while its tracepoint was enabled"
	exit 1
fi
wait $pid || { echo "dtrace failed"; exit 1; }
rmmod $mod || { echo "rmmod $mod failed after dtrace exited"; exit 1; }
n=$("$DTRACE" -l -n "tracepoint:$mod::*" 2>/dev/null | sed 1d | wc -l)
[ "$n" -eq 0 ] || { echo "$n $mod tracepoints after rmmod"; exit 1; }
modprobe $mod || exit 1
"$DTRACE" -q -n "tracepoint:$mod::kvm_exit { trace(1); } BEGIN { exit(0); }" ||
	{ echo "dtrace failed after reload"; exit 1; }
rmmod $mod
