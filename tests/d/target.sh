#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# -c runs a command held until tracing starts: $target is its pid, and
# its exit ends tracing (after END). -p grabs a running process.
set -eu
d=${TMPDIR:-/tmp}
out=$("$DTRACE" -q -c 'sh -c exit' -n 'BEGIN { printf("target %d\n", $target); }
	syscall::exit_group:entry /pid == $target/ { printf("exit_group %d\n", pid); }
	END { printf("end\n"); }')
t=$(printf '%s\n' "$out" | sed -n 's/^target //p')
[ -n "$t" ] && [ "$t" -gt 0 ]
[ "$out" = "$(printf 'target %s\nexit_group %s\nend' "$t" "$t")" ] ||
	{ echo "got '$out'"; exit 1; }
# without -q the exit is reported
err=$("$DTRACE" -c true -n 'BEGIN { }' 2>&1 >/dev/null)
printf '%s\n' "$err" | grep -Eqx 'dtrace: pid [0-9]+ has exited' || { echo "$err"; exit 1; }
# -p: tracing ends when the grabbed process exits
sleep 2 &
p=$!
out=$("$DTRACE" -q -p $p -n 'BEGIN { printf("%d\n", $target); }')
[ "$out" = "$p" ] || { echo "got '$out'"; exit 1; }
st=0
"$DTRACE" -q -p 999999999 -n 'BEGIN' 2>/dev/null || st=$?
[ $st = 1 ]
