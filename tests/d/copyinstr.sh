#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# copyinstr() reads a path from the process that opens it.
set -eu
d=${TMPDIR:-/tmp}
f=$d/copyinstr-$$.txt
echo x >"$f"
"$DTRACE" -qn 'syscall::openat:entry /execname == "cat" &&
	index(copyinstr(arg1), "copyinstr-") >= 0/ {
	printf("%s\n", copyinstr(arg1)); exit(0); }' >"$d/copyinstr.out" 2>"$d/copyinstr.err" &
pid=$!
for i in $(seq 50); do
	kill -0 $pid 2>/dev/null || break
	cat "$f" >/dev/null
	sleep 0.2
done
wait $pid
[ "$(cat "$d/copyinstr.out")" = "$f" ] ||
	{ cat "$d/copyinstr.out" "$d/copyinstr.err"; exit 1; }
