#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# -F indents entry and return probes as DTrace does.
set -eu
d=${TMPDIR:-/tmp}
"$DTRACE" -F -n 'fbt::ksys_read:entry,fbt::vfs_read:entry /execname == "cat"/ { }
	fbt::vfs_read:return /execname == "cat"/ { }
	fbt::ksys_read:return /execname == "cat"/ { exit(0); }' >"$d/flow.out" 2>"$d/flow.err" &
pid=$!
for i in $(seq 50); do
	kill -0 $pid 2>/dev/null || break
	cat /etc/hostname >/dev/null
	sleep 0.2
done
wait $pid
out=$(cat "$d/flow.out")
[ "$(printf '%s\n' "$out" | sed -n 1p | sed 's/ *$//')" = "CPU FUNCTION" ] || { echo "$out"; exit 1; }
printf '%s\n' "$out" | sed -n 2,5p | sed -E 's/^ *[0-9]+ //; s/ +$//' >"$d/flow.got"
printf ' -> ksys_read\n   -> vfs_read\n   <- vfs_read\n <- ksys_read\n' >"$d/flow.want"
cmp -s "$d/flow.got" "$d/flow.want" || { echo "$out"; exit 1; }
