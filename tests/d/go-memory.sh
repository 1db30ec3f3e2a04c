#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# GO checks what a run would hold against the memory available before
# it allocates: 1024 speculations of 64 MiB on every CPU (64 GiB a CPU)
# are refused at once with a message, not tried with reclaim (it used to
# try, squeezing every other task, and fail with a bare ENOMEM).
set -u
start=$(date +%s)
err=$("$DTRACE" -q -x nspec=1024 -x specsize=64m -n 'BEGIN { exit(0); }' 2>&1)
st=$?
took=$(($(date +%s) - start))
[ $st = 1 ] || { echo "status $st: $err"; exit 1; }
[ "$err" = "dtrace: could not enable tracing: the buffers asked for (bufsize, aggsize and nspec x specsize on every CPU, dynvarsize) exceed the memory available" ] ||
	{ echo "got '$err'"; exit 1; }
[ "$took" -le 5 ] || { echo "took ${took}s"; exit 1; }
# what fits still runs
out=$("$DTRACE" -q -x nspec=4 -x specsize=1m -n 'BEGIN { printf("ok\n"); exit(0); }')
[ "$out" = ok ] || { echo "got '$out'"; exit 1; }
