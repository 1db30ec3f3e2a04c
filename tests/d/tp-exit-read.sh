#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# tracepoint:syscalls::sys_exit_read: args->ret is what read(2) returned,
# signed (a 37-byte file read by cat: 37, then 0 at its end).
set -eu
f=${TMPDIR:-/tmp}/tp-read-$$.txt
printf '%036d\n' 0 >"$f"
out=$("$DTRACE" -q -c "/bin/cat $f" -n 'tracepoint:syscalls::sys_exit_read
	/pid == $target/ { @[args->ret] = count(); }
	END { printa("%d %@d\n", @); }' | grep -Ev '^0{36}$')
printf '%s\n' "$out" | grep -qx '37 1' || { printf '%s\n' "$out"; exit 1; }
printf '%s\n' "$out" | grep -qx '0 1' || { printf '%s\n' "$out"; exit 1; }
