#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# bpftrace's "disk size by process", unchanged: pid, comm and a
# tracepoint's integer field in printf. The guest has no disk of its
# own (its root is 9p): null_blk makes one, and direct writes to it
# issue requests, so lines "PID COMM BYTES" with BYTES > 0 must come;
# without null_blk there is nothing to read (a skip).

set -eu
. ./bt-lib.inc
d=${TMPDIR:-/tmp}
loaded=0
if ! [ -b /dev/nullb0 ]; then
	modprobe null_blk nr_devices=1 2>/dev/null && loaded=1
	udevadm settle 2>/dev/null || sleep 1
fi
[ -b /dev/nullb0 ] || skip "no null_blk module: no disk to issue block requests to"
cleanup() { [ "$loaded" = 0 ] || modprobe -r null_blk 2>/dev/null || :; }
echo "dd if=/dev/zero of=/dev/nullb0 bs=4k count=64 oflag=direct status=none" >"$d/io.sh"
st=0
out=$(bt_run -c "/bin/sh $d/io.sh" \
	-e 'tracepoint:block:block_rq_issue { printf("%d %s %d\n", pid, comm, args->bytes); }') ||
	st=$?
cleanup
[ "$st" = 0 ] || { echo "exit status $st: $out"; exit 1; }
printf '%s\n' "$out" | grep -Evq '^([0-9]+ [^ ]+ [0-9]+)?$' && { echo "$out"; exit 1; }
printf '%s\n' "$out" | grep -Eq '^[0-9]+ [^ ]+ [1-9][0-9]*$' ||
	{ echo "no request with bytes > 0: '$out'"; exit 1; }
exit 0
