#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# bpftrace's "page faults by process", unchanged: a software event with
# a period of 1. dd touches a 4 MiB buffer (two faults when it is made
# of huge pages, hundreds otherwise).

set -eu
. ./bt-lib.inc
out=$("$DTRACE" --bpftrace -c 'dd if=/dev/zero of=/dev/null bs=4M count=1 status=none' \
	-e 'software:faults:1 { @[comm] = count(); }')
bt_range "dd's faults" "$(bt_key_value "$out" dd)" 2 100000 "$out"
