#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# stack() prints kernel frames as DTrace does: a line each, indented 14,
# module`function+offset from /proc/kallsyms.
set -eu
d=${TMPDIR:-/tmp}
"$DTRACE" -qn 'fbt::vfs_read:entry /execname == "cat"/ { stack(); exit(0); }' \
	>"$d/stack.out" 2>"$d/stack.err" &
pid=$!
for i in $(seq 50); do
	kill -0 $pid 2>/dev/null || break
	cat /etc/hostname >/dev/null
	sleep 0.2
done
wait $pid
out=$(cat "$d/stack.out")
[ "$(printf '%s\n' "$out" | sed -n 1p)" = "" ] || { echo "$out"; exit 1; }
printf '%s\n' "$out" | sed 1d | grep -Evq '^ {14}(vmlinux|[a-z0-9_]+)`[A-Za-z0-9_.]+(\+0x[0-9a-f]+)?$' &&
	{ echo "$out"; exit 1; }
printf '%s\n' "$out" | grep -q '^ \{14\}vmlinux`ksys_read+0x' || { echo "$out"; exit 1; }
