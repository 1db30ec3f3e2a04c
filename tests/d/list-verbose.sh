#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# dtrace -lv: each probe's line, then what its arguments are.
set -u
out=$("$DTRACE" -lv -n 'syscall::read:entry' 2>/dev/null)
want=$(printf '\tArgument Types\n\t\tNone\n\n\tArguments (64-bit integers)\n\t\targ0-arg5: the system call'"'"'s arguments')
grep -q 'syscall  *read entry$' <<<"$out" || { echo "$out"; exit 1; }
[[ "$out" == *"$want"* ]] || { echo "got: $out"; exit 1; }
out=$("$DTRACE" -lv -n 'fbt::vfs_read:return' 2>/dev/null)
grep -q $'\t\targ1: the return value' <<<"$out" || { echo "$out"; exit 1; }
