#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# bpftrace's "files opened by process", unchanged: str() of a user
# pointer field of a tracepoint.
set -eu
. ./bt-lib.inc
out=$(bt_run -c 'cat /etc/hostname' \
	-e 'tracepoint:syscalls:sys_enter_openat { printf("%s %s\n", comm, str(args->filename)); }')
printf '%s\n' "$out" | grep -qx 'cat /etc/hostname' || { echo "$out"; exit 1; }
