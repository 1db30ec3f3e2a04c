#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# bpftrace's syscall counts by program, by syscall (probe of a glob) and
# by process, unchanged. dd makes 200 reads and 200 writes.
set -eu
. ./bt-lib.inc
dd='dd if=/dev/zero of=/dev/null bs=1 count=200 status=none'
out=$("$DTRACE" --bpftrace -c "$dd" -e 'tracepoint:raw_syscalls:sys_enter { @[comm] = count(); }')
bt_range "dd's syscalls" "$(bt_key_value "$out" dd)" 400 2000 "$out"
out=$("$DTRACE" --bpftrace -c "$dd" -e 'tracepoint:syscalls:sys_enter_* { @[probe] = count(); }')
bt_range "reads" "$(bt_key_value "$out" tracepoint:syscalls:sys_enter_read)" 200 100000 "$out"
bt_range "writes" "$(bt_key_value "$out" tracepoint:syscalls:sys_enter_write)" 200 100000 "$out"
out=$("$DTRACE" --bpftrace -c "$dd" -e 'tracepoint:raw_syscalls:sys_enter { @[pid, comm] = count(); }')
printf '%s\n' "$out" | grep -Eq '(^@\[[0-9]+, dd\]: |^ +[0-9]+ +dd +)[0-9]+$' || { echo "$out"; exit 1; }
bt_range "syscalls" "$(bt_key_total "$out")" 400 1000000 "$out"
