#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# caller is stack()'s first frame; func() names it. stackdepth counts.
set -eu
d=${TMPDIR:-/tmp}
"$DTRACE" -qn 'fbt::vfs_read:entry /execname == "cat"/ {
	trace(func(caller)); printf("|%d\n", stackdepth > 2); exit(0); }' \
	>"$d/caller.out" 2>"$d/caller.err" &
pid=$!
for i in $(seq 50); do
	kill -0 $pid 2>/dev/null || break
	cat /etc/hostname >/dev/null
	sleep 0.2
done
wait $pid
want=$(printf '  %-50s|1' 'vmlinux`ksys_read')
[ "$(cat "$d/caller.out")" = "$want" ] || { cat "$d/caller.out" "$d/caller.err"; exit 1; }
