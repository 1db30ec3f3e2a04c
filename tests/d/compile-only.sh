#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# -e compiles without the module; -S prints the DIF on stderr.
set -eu
DTRACE_DEVICE=/nonexistent "$DTRACE" -e -n 'BEGIN { trace(1); }'
err=$(DTRACE_DEVICE=/nonexistent "$DTRACE" -S -e -n 'BEGIN /pid != 0/ { trace(6 * 7); }' 2>&1)
printf '%s\n' "$err" | grep -q 'seti 42, %r1' || { echo "$err"; exit 1; }
printf '%s\n' "$err" | grep -q 'ldb .*pid' || { echo "$err"; exit 1; }
st=0
DTRACE_DEVICE=/nonexistent "$DTRACE" -e -n 'BEGIN { trace(x); }' 2>/dev/null || st=$?
[ $st = 1 ]
