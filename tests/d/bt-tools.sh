#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Scripts in the way of bpftrace's tools: opensnoop (a map carries the
# filename from entry to exit, a ternary, str() of a map value),
# execsnoop (elapsed / 1e6 and join), vfsstat (time(), print() and
# clear() every interval).
set -eu
. ./bt-lib.inc
d=${TMPDIR:-/tmp}
cat >"$d/opensnoop.bt" <<'BT'
BEGIN
{
	printf("%-6s %-16s %4s %s\n", "PID", "COMM", "FD", "PATH");
}

tracepoint:syscalls:sys_enter_open,
tracepoint:syscalls:sys_enter_openat
{
	@filename[tid] = args->filename;
}

tracepoint:syscalls:sys_exit_open,
tracepoint:syscalls:sys_exit_openat
/@filename[tid]/
{
	$ret = args->ret;
	$fd = $ret >= 0 ? $ret : -1;
	printf("%-6d %-16s %4d %s\n", pid, comm, $fd, str(@filename[tid]));
	delete(@filename[tid]);
}
BT
out=$("$DTRACE" -s "$d/opensnoop.bt" -c "cat /etc/hostname $d/nonexistent" 2>/dev/null | bt_noattach) || true
printf '%s\n' "$out" | grep -Eq '^PID +COMM +FD PATH$' || { echo "$out"; exit 1; }
printf '%s\n' "$out" | grep -Eq '^[0-9]+ +cat +[0-9]+ /etc/hostname$' || { echo "$out"; exit 1; }
printf '%s\n' "$out" | grep -Eq "^[0-9]+ +cat +-1 $d/nonexistent\$" || { echo "$out"; exit 1; }

echo '/bin/echo one two >/dev/null' >"$d/ex.sh"
out=$(bt_run -c "/bin/sh $d/ex.sh" -e 'tracepoint:syscalls:sys_enter_execve { printf("%-10u %-5d ", elapsed / 1e6, pid); join(args->argv); }')
printf '%s\n' "$out" | grep -Eq '^[0-9]+ +[0-9]+ +/bin/echo one two$' || { echo "$out"; exit 1; }

out=$(bt_run -e 'kprobe:vfs_read* { @[func] = count(); }
interval:ms:200 { time("%H:%M:%S\n"); print(@); clear(@); @n++; if (@n == 3) { exit(); } }')
n=$(printf '%s\n' "$out" | grep -Ec '^[0-9]{2}:[0-9]{2}:[0-9]{2}$')
bt_range "times" "$n" 3 3 "$out"

# a char[16] field as a map key, in bpftrace's newer args.field spelling
out=$(bt_run -e 'tracepoint:sched:sched_switch { @[args.prev_comm] = count(); } interval:ms:300 { exit(); }')
bt_range "switches" "$(bt_key_total "$out")" 1 1000000 "$out"
printf '%s\n' "$out" | grep -Eq '^@\[(swapper/[0-9]+|dtrace|kworker[^]]*|rcu_[a-z]*|ksoftirqd/[0-9]+)\]: [0-9]+$' || { echo "$out"; exit 1; }
