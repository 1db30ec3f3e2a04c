#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# -x oformat=folded: a profile-997 kernel-stack profile of dd reading
# /dev/zero prints collapsed stacks, the program first, then the frames
# root first (ksys_read before vfs_read), offsets gone, one count each;
# dd's hot path (vfs_read) is there, and the counts add up to samples.
set -eu
out=$TMPDIR/folded
dd if=/dev/zero of=/dev/null bs=1M count=100000 2>/dev/null &
dd=$!
trap 'kill $dd 2>/dev/null || true' EXIT
"$DTRACE" -q -x oformat=folded -o "$out" -n '
	profile-997 /execname == "dd" && arg0/ { @[execname, stack()] = count(); @n = count(); }
	tick-2s { exit(0); }'
kill $dd
fail() { echo "$1"; head -20 "$out"; exit 1; }
grep -Eq '^dd;.*ksys_read;[^ ]*vfs_read(;[^ ]+)? [0-9]+$' "$out" ||
	fail "no dd;...;ksys_read;...vfs_read line"
bad=$(grep -vE '^(dd(;[^; ]+)+|n) [0-9]+$' "$out" | head -3 || true)
[ -z "$bad" ] || fail "malformed: $bad"
! grep -q '+0x' "$out" || fail "offsets left"
n=$(awk '$1 == "n" { print $2 }' "$out")
got=$(awk '$1 != "n" { t += $NF } END { print t + 0 }' "$out")
[ "$got" = "$n" ] || fail "stacks count $got samples, @n $n"
[ "$n" -ge 5 ] || fail "only $n samples"
