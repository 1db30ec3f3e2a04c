#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# A glob over tracepoints: every sys_enter_* event enabled at once; the
# syscalls of /bin/true (a child of -c's shell) are counted by event,
# and `args` holds the fields they share (__syscall_nr).
set -eu
n=$("$DTRACE" -l -n 'tracepoint:syscalls::sys_enter_*' | sed 1d | wc -l)
[ "$n" -gt 200 ] || { echo "only $n sys_enter_* probes"; exit 1; }
sh=${TMPDIR:-/tmp}/tp-glob-$$.sh
printf '#!/bin/sh\n/bin/true\nexit 0\n' >"$sh"
chmod +x "$sh"
out=$("$DTRACE" -q -c "$sh" -n '
	tracepoint:syscalls::sys_enter_* /ppid == $target/ {
	@[probename] = count(); @n = count();
	@nr[args->__syscall_nr == 59 ? "execve" : "other"] = count(); }
	END { printa("%s %@d\n", @); printa("total %@d\n", @n);
	printa("nr %s %@d\n", @nr); }')
printf '%s\n' "$out" | grep -qx 'sys_enter_execve 1' ||
	{ printf '%s\n' "$out"; exit 1; }
printf '%s\n' "$out" | grep -qx 'nr execve 1' ||
	{ printf '%s\n' "$out"; exit 1; }
printf '%s\n' "$out" | grep -q '^sys_enter_mmap [0-9]' ||
	{ printf '%s\n' "$out"; exit 1; }
t=$(printf '%s\n' "$out" | sed -n 's/^total //p')
[ "$t" -ge 10 ] && [ "$t" -le 200 ] || { printf '%s\n' "$out"; exit 1; }
