#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# software:::cpu-clock-PERIOD fires every PERIOD ns of each CPU's time;
# context-switches-1 sees the switches of a command that sleeps.
set -eu
n=$("$DTRACE" -q -n 'software:::cpu-clock-10000000 /cpu == 0/ { @ = count(); }
	tick-1s { exit(0); } END { printa("%@d\n", @); }' | tail -1)
[ "$n" -ge 30 ] && [ "$n" -le 150 ] || { echo "cpu-clock: $n"; exit 1; }
n=$("$DTRACE" -q -c '/bin/sleep 0.1' -n 'software:::cs-1 /pid == $target/ {
	@ = count(); } END { printa("%@d\n", @); }' | tail -1)
[ "$n" -ge 1 ] && [ "$n" -le 50 ] || { echo "cs-1: $n"; exit 1; }
