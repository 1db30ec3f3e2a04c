#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# bpftrace's "read bytes by process" and "read size distribution",
# unchanged: args->ret in a predicate, sum() and hist(). dd reads 300
# bytes one at a time.
set -eu
. ./bt-lib.inc
dd='dd if=/dev/zero of=/dev/null bs=1 count=300 status=none'
out=$("$DTRACE" --bpftrace -c "$dd" -e 'tracepoint:syscalls:sys_exit_read /args->ret/ { @[comm] = sum(args->ret); }')
bt_range "dd's bytes" "$(bt_key_value "$out" dd)" 300 100000 "$out"
out=$("$DTRACE" --bpftrace -c "$dd" -e 'tracepoint:syscalls:sys_exit_read { @[comm] = hist(args->ret); }')
bt_range "reads" "$(bt_hist_total "$out")" 300 100000 "$out"
