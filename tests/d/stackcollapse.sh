#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# A kernel stack profile, written as DTrace users write it, goes to
# stackcollapse unchanged (stackvis's, installed from npm by make deps):
# each stack becomes a "frame,frame,... count" line (stackvis joins
# frames with commas, FlameGraph's stackcollapse.pl with semicolons),
# nothing is rejected, and the counts add up to the samples. /arg0/
# keeps the samples of kernel mode: those of user mode have no kernel
# stack (stackvis rejects an empty one).
set -eu
sc=$PWD/../../build/npm/node_modules/stackvis/cmd/stackcollapse
[ -f "$sc" ] || { echo "no stackcollapse at $sc (make deps installs it)"; exit 1; }
out=$TMPDIR/stacks.out
"$DTRACE" -o "$out" -n 'profile-997 /arg0/ { @[stack()] = count(); }
	tick-1s { exit(0); }' 2>/dev/null
node "$sc" <"$out" >"$TMPDIR/collapsed" 2>"$TMPDIR/warn"
fail() { echo "$1"; head -20 "$out"; head -5 "$TMPDIR/collapsed"; cat "$TMPDIR/warn"; exit 1; }
[ ! -s "$TMPDIR/warn" ] || fail "stackcollapse complained"
stacks=$(grep -cE '^ +[0-9]+$' "$out")
samples=$(awk '/^ +[0-9]+$/ { n += $1 } END { print n + 0 }' "$out")
[ "$stacks" -ge 1 ] || fail "no stacks in the profile"
# stacks differing only in offsets become one line, their counts summed
lines=$(wc -l <"$TMPDIR/collapsed")
[ "$lines" -ge 1 ] && [ "$lines" -le "$stacks" ] || fail "$lines lines, $stacks stacks"
got=$(awk '{ n += $NF } END { print n + 0 }' "$TMPDIR/collapsed")
[ "$got" -eq "$samples" ] || fail "collapsed counts $got != samples $samples"
# frames are module`function, offsets gone; unknown PCs stay hex
bad=$(grep -vE '^(([A-Za-z0-9_.-]+`[A-Za-z0-9_.$]+|0x[0-9a-f]+)[,;]?)+ [0-9]+$' \
	"$TMPDIR/collapsed" | head -3 || true)
[ -z "$bad" ] || fail "malformed: $bad"
grep -q 'vmlinux`' "$TMPDIR/collapsed" || fail "no vmlinux frames"
