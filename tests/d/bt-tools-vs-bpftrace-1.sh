#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Debian's bpftrace tools (/usr/sbin/*.bt), unchanged, under Debian's
# bpftrace and under dtrace with one workload (bt_tool_vs, bt-lib.inc):
# the lines the workload makes are the same once their numbers are
# masked, every other line has the same shape, the same blank lines end
# both. Part 1: the tools that print events. Other processes' events
# are left out: among them the SIGINT that stops the tracer, which one
# tracer may print and another not. Their time is "%H:%M:%S" in 0.17's
# tools and "%H:%M:%S.%f" in some of 0.27's; 0.27's killsnoop names
# signal 0 N/A.
set -eu
. ./bt-lib.inc
command -v bpftrace >/dev/null || { echo "bpftrace missing"; exit 1; }
export BT_WORK='ls / >/dev/null; cat /etc/hostname >/dev/null
stat /etc/passwd >/dev/null; dd if=/dev/zero of=/tmp/bt.dat bs=4k count=4 conv=fsync status=none
sync; rm -f /tmp/bt.dat; sh -c true; /bin/kill -0 $$
python3 -c "import os; os.setuid(0)"; getent ahosts localhost'
bt_tool_vs execsnoop ' (/bin/bash [^ ]*\.sh|ls /|cat /etc/hostname|stat /etc/passwd|sh -c true)$' '^0(:0:0\.0)? 0 '
bt_tool_vs opensnoop ' cat 0 0 /etc/hostname$' '^0 '
bt_tool_vs statsnoop ' stat 0 /etc/passwd$' '^0 '
bt_tool_vs syncsnoop ' sync tracepoint:syscalls:sys_enter_sync$' '^0:0:0 '
bt_tool_vs killsnoop ' kill (0|N/A) 0 0$' '^0:0:0(\.0)? '
bt_tool_vs setuids ' setuid uid=0 \(0\)$' '^0:0:0 '
bt_tool_vs capable ' dd 0 CAP_SYS_ADMIN 0$' '^0:0:0 '
bt_tool_vs gethostlatency ' getent 0 localhost$' '^0:0:0 '
