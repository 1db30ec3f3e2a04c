#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# bpftrace's vfs_read latency histogram, unchanged: a kprobe keeps the
# start in a map that is not an aggregation, the kretprobe's predicate
# reads it, hist() collects, delete() forgets. dd reads 200 times.
set -eu
. ./bt-lib.inc
# A starved guest can drop map stores (the dynamic variable store's
# bounded trylock, safety.md's Known limits), and says so on stderr:
# then once more.
err=$(mktemp)
trap 'rm -f "$err"' EXIT
for try in 1 2; do
	out=$("$DTRACE" --bpftrace -c 'dd if=/dev/zero of=/dev/null bs=1 count=200 status=none' -e '
kprobe:vfs_read { @start[tid] = nsecs; }
kretprobe:vfs_read /@start[tid]/ { @ns = hist(nsecs - @start[tid]); delete(@start[tid]); }' 2>"$err")
	[ "$(bt_hist_total "$out")" -ge 200 ] && break
	grep -q "dynamic variable drop" "$err" || break
done
cat "$err" >&2
# dd's 200 reads, plus what other processes read meanwhile
bt_range "reads timed" "$(bt_hist_total "$out")" 200 100000 "$out"
