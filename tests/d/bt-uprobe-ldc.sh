#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# uprobes on an ldc-built D program in bpftrace's words: the program's
# own functions by a glob of their mangled names (./gc relative), the
# GC's allocations in druntime by library name (no path: gc_qalloc in
# Debian 12's ldc, gc_malloc in forky's), retval in a uretprobe.
set -eu
. ./bt-lib.inc
d=${TMPDIR:-/tmp}
. ./ldc-gc.inc
cd "$d/ldc"
out=$("$DTRACE" --bpftrace -c ./gc -e '
uprobe:./gc:_D2gc* { @calls++; }
uretprobe:./gc:_D2gc4makeFmZAi { @len = sum(retval); }
uprobe:libdruntime-ldc-shared:gc_qalloc /comm == "gc"/ { @[pid] = hist(arg1); }
uprobe:libdruntime-ldc-shared:gc_malloc /comm == "gc"/ { @[pid] = hist(arg0); }
END { printf("calls %d\n", @calls); }')
printf '%s\n' "$out" | grep -qx 1023 || { echo "$out"; exit 1; }
printf '%s\n' "$out" | grep -qx 'calls 10' || { echo "$out"; exit 1; }
# make(2^i) asks for 4 * 2^i bytes (and one more): at least ten
bt_range "allocations" "$(bt_hist_total "$out")" 10 1000 "$out"
