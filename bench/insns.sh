#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Instructions per firing of each benchmark clause, counted by callgrind
# on the module's firing path built for userspace (bench/fire_insns.c):
# each case runs N and 2N times, and (I(2N) - I(N)) / N is one event's
# cost with setup cancelled. An event is one firing, or for the latency
# pair an entry and a return firing.
set -eu
bin=${1:-build/bench/fire_insns}
n=${INSNS_N:-2000}

ir() {
	valgrind --tool=callgrind --callgrind-out-file=/dev/null \
		"$bin" "$1" "$2" 2>&1 >/dev/null |
		sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}

printf '%-16s %10s  %s\n' case insns/event clause
for c in count-execname count-probefunc latency-pair; do
	a=$(ir "$c" "$n")
	b=$(ir "$c" $((2 * n)))
	[ -n "$a" ] && [ -n "$b" ] || { echo "insns: $c failed" >&2; exit 1; }
	d=$("$bin" 2>&1 | sed -n "s/^  $c *//p")
	printf '%-16s %10d  %s\n' "$c" $(((b - a) / n)) "$d"
done
