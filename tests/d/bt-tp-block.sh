#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# bpftrace's "disk size by process", unchanged: pid, comm and a
# tracepoint's integer field in printf. The guest's disks may be idle:
# every line printed must be "PID COMM BYTES".

set -eu
. ./bt-lib.inc
d=${TMPDIR:-/tmp}
echo "dd if=/dev/zero of=$d/f bs=4k count=64 status=none; sync" >"$d/io.sh"
out=$(bt_run -c "/bin/sh $d/io.sh" \
	-e 'tracepoint:block:block_rq_issue { printf("%d %s %d\n", pid, comm, args->bytes); }')
printf '%s\n' "$out" | grep -Evq '^([0-9]+ [^ ]+ [0-9]+)?$' && { echo "$out"; exit 1; }
exit 0
