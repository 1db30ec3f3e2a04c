#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# A full dynamic variable store drops, counts and says so; nothing breaks.
set -u
err=$("$DTRACE" -q -x dynvarsize=4k \
	-n 'syscall:::entry { x[timestamp] = 1; }' \
	-n 'tick-1s { exit(0); }' 2>&1 >/dev/null)
st=$?
[ $st = 0 ] || { echo "status $st: $err"; exit 1; }
grep -Eq '^dtrace: [0-9]+ dynamic variable drops?$' <<<"$err" ||
	{ echo "no drop report in: $err"; exit 1; }
