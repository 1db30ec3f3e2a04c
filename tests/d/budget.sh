#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# A firing has a work budget, shared by every clause and action on the
# probe: hostile scripts (quadratic searches of 8 KiB strings, 250
# actions, 300 clauses on one probe) end in DTrace's error report with
# the budget fault, once per firing (the rest of it is skipped), and the
# firing stays short. Without the budget each firing held the CPU with
# interrupts off for minutes.
set -eu
. ./budget.inc
t=${TMPDIR:-/tmp}
budget_target "$t/target.py"
fail() { echo "$1: $2"; cat "$t/$1.err"; exit 1; }

for shape in quadratic actions clauses; do
	budget_script $shape >"$t/$shape.d"
	"$DTRACE" -s "$t/$shape.d" -c "$t/target.py" >"$t/$shape.out" \
		2>"$t/$shape.err" || fail $shape "dtrace failed"
	grep -qx 'firings 3' "$t/$shape.out" || fail $shape "not 3 firings"
	re='dtrace: error on enabled probe ID ([0-9]+) \(ID [0-9]+: syscall::getppid:entry\): firing exceeded its work budget in action #([0-9]+)( at DIF offset [0-9]+)?'
	n=$(grep -Ecx "$re" "$t/$shape.err" || true)
	[ "$n" = 3 ] || fail $shape "$n budget faults, not one a firing"
	line=$(grep -Ex "$re" "$t/$shape.err" | head -1)
	[[ $line =~ $re ]]
	epid=${BASH_REMATCH[1]} act=${BASH_REMATCH[2]}
	case $shape in
	quadratic)	# the first search: clause 2, after its strings
		[ "$epid" = 2 ] && [ "$act" = 1 ] ;;
	actions)	# about 1 MiB / 8 KiB of strlen()s into the clause
		[ "$epid" = 2 ] && [ "$act" -gt 100 ] && [ "$act" -lt 130 ] ;;
	clauses)	# 20 actions a clause: the sixth to eighth clause
		[ "$epid" -gt 6 ] && [ "$epid" -lt 10 ] ;;
	esac || fail $shape "fault in EPID $epid action $act"
	ns=$(sed -n 's/^worst \([0-9]*\) ns$/\1/p' "$t/$shape.out")
	# generous for a loaded TCG guest; without the budget: minutes
	[ "$ns" -lt 3000000000 ] || fail $shape "a firing took $ns ns"
	echo "# $shape: EPID $epid action $act, longest firing $((ns / 1000)) us"
done
