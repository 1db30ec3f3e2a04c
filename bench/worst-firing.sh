#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The longest probe firing a script can cause: runs each hostile shape
# of tests/d/budget.inc (quadratic searches, many actions, many clauses,
# dynamic variables, stacks) on syscall::getppid:entry and prints the
# longest firing, ERROR included, as the module's clock measured it.
# Documentation/safety.md quotes its output. In the guest:
#
#   tests/vm/run-guest.sh --module kmod/dtrace.ko -- bench/worst-firing.sh
set -eu
cd "$(dirname "$0")/.."
DTRACE=${DTRACE:-$PWD/user/dtrace}
TMPDIR=$(mktemp -d)
export TMPDIR
trap 'rm -rf "$TMPDIR"' EXIT
. tests/d/budget.inc
budget_target "$TMPDIR/target.py"
for shape in ${*:-quadratic actions clauses dynvars stacks}; do
	budget_script "$shape" >"$TMPDIR/$shape.d"
	"$DTRACE" -s "$TMPDIR/$shape.d" -c "$TMPDIR/target.py" \
		>"$TMPDIR/out" 2>"$TMPDIR/err" || { cat "$TMPDIR/err"; exit 1; }
	faults=$(grep -c 'work budget' "$TMPDIR/err" || true)
	ns=$(sed -n 's/^worst \([0-9]*\) ns$/\1/p' "$TMPDIR/out")
	echo "$shape: worst firing $((ns / 1000)) us, $faults budget faults"
done
