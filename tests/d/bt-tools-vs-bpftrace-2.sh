#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Debian's bpftrace tools beside Debian's bpftrace (see
# bt-tools-vs-bpftrace-1.sh). Part 2: the tools that print maps,
# histograms and summaries, whose numbers vary: the same shape.
set -eu
. ./bt-lib.inc
command -v bpftrace >/dev/null || { echo "bpftrace missing"; exit 1; }
export BT_WORK='dd if=/dev/zero of=/dev/null bs=1 count=2000 status=none
ls / >/dev/null; dd if=/dev/zero of=/tmp/bt.dat bs=64k count=4 conv=fsync status=none
sync; rm -f /tmp/bt.dat; sh -c true; sleep 1.2'
bt_tool_vs loads '^0:0:0 load averages: 0\.0 0\.0 0\.0$' NONE
bt_tool_vs pidpersec '^0:0:0 PIDs/sec: @: 0$' NONE
bt_tool_vs cpuwalk '^@cpu:$' NONE
bt_tool_vs runqlat '^@usecs:$' NONE
bt_tool_vs syscount '^@syscall\[\]$' '^@process\[\]$'
bt_tool_vs vfscount '^@\[\]$' NONE
bt_tool_vs vfsstat '^0:0:0$' NONE
