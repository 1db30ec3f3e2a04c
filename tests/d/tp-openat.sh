#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# tracepoint:syscalls::sys_enter_openat: args->filename (a user pointer)
# is the path the traced command opens; common_pid is its pid.
set -eu
f=${TMPDIR:-/tmp}/tp-openat-$$.txt
echo x >"$f"
out=$("$DTRACE" -q -c "/bin/cat $f" -n 'tracepoint:syscalls::sys_enter_openat
	/pid == $target && index(copyinstr(args->filename), "tp-openat-") >= 0/ {
	printf("%s %d %d\n", copyinstr(args->filename), args->common_pid == pid,
	    args->dfd); }')
[ "$out" = "x
$f 1 -100" ] || { printf '%s\n' "$out"; exit 1; }
