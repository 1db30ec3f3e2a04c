#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# A fault in probe context is reported as DTrace does, and the rest of
# the program goes on.
set -eu
err=${TMPDIR:-/tmp}/runtime-error.err
out=$("$DTRACE" -qn 'BEGIN { x = 0; y = 1 / x; } BEGIN { printf("after\n"); exit(0); }' 2>"$err")
[ "$out" = "after" ] || { echo "got '$out'"; exit 1; }
grep -Eqx 'dtrace: error on enabled probe ID [0-9]+ \(ID [0-9]+: dtrace:::BEGIN\): divide-by-zero in action #1 at DIF offset [0-9]+' "$err" ||
	{ cat "$err"; exit 1; }

# A clause on several probes: the report names the one that fired.
prog=${TMPDIR:-/tmp}/ppid.py
printf '#!/usr/bin/python3\nimport os\nos.getppid()\n' >"$prog"
chmod +x "$prog"
out=$("$DTRACE" -qn 'syscall::getppid:entry,syscall::getpid:entry /pid == $target/ { x = 0; y = 1 / x; }' \
	-c "$prog" 2>"$err")
grep -Eqx 'dtrace: error on enabled probe ID [0-9]+ \(ID [0-9]+: syscall::getppid:entry\): divide-by-zero in action #1 at DIF offset [0-9]+' "$err" ||
	{ cat "$err"; exit 1; }
