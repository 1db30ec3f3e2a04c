#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# software:::cpu-clock-PERIOD fires every PERIOD ns of each CPU's time
# (as often as profile at that rate);
# context-switches-1 sees the switches of a command that sleeps; every
# event enables; task-clock counts the time tasks run.
set -eu
# Beside profile-100, the same period on a timer of the module's own: a
# guest starved of its host's cores misses as many of one as of the
# other (one run in CI got 24 of 100).
# Counted from one tick-1s to the next: the first may come at any time
# within its first second (one run here counted 5 and 5).
got=$("$DTRACE" -q -n 'BEGIN { go = 0; }
	software:::cpu-clock-10000000 /cpu == 0 && go/ {
	@c = count(); }
	profile-100 /cpu == 0 && go/ { @p = count(); }
	tick-1s /go/ { exit(0); } tick-1s { go = 1; }
	END { printa("%@d ", @c); printa("%@d\n", @p); }' |
	grep . | tail -1)
read -r n p <<<"$got"
[ "$p" -ge 10 ] && [ "$n" -le 150 ] && [ $((n * 2)) -ge "$p" ] &&
	[ "$n" -le $((p * 2)) ] || { echo "cpu-clock: $n, profile-100: $p"; exit 1; }
n=$("$DTRACE" -q -c '/bin/sleep 0.1' -n 'software:::cs-1 /pid == $target/ {
	@ = count(); } END { printa("%@d\n", @); }' | grep . | tail -1)
[ "$n" -ge 1 ] && [ "$n" -le 50 ] || { echo "cs-1: $n"; exit 1; }
# every event and alias enables, at its default period and at 1
"$DTRACE" -q -n 'software:::cpu-clock, software:::cpu, software:::task-clock,
	software:::page-faults, software:::faults, software:::context-switches,
	software:::cs, software:::cpu-migrations, software:::migrations,
	software:::minor-faults, software:::major-faults,
	software:::task-clock-100000, software:::major-faults-1,
	software:::cpu-migrations-1 { @[probename] = count(); }
	tick-1s { exit(0); }' >/dev/null || { echo "enabling them all failed"; exit 1; }
# task-clock over one whole second (tick to tick) while a loop keeps
# one CPU busy: one CPU's second is 1000 periods of 1 ms.
( while :; do :; done ) &
busy=$!
trap 'kill $busy 2>/dev/null' EXIT
n=$("$DTRACE" -q -n 'BEGIN { go = 0; }
	software:::task-clock-1000000 /go/ { @ = count(); }
	tick-1s /go/ { exit(0); } tick-1s { go = 1; }
	END { printa("%@d\n", @); }' | grep . | tail -1)
[ "$n" -ge 100 ] && [ "$n" -le 3000 ] || { echo "task-clock: $n"; exit 1; }
