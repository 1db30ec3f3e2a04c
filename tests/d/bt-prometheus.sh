#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# -x prometheus under the bpftrace front end: a map of count() keyed by
# comm and a hist() are served while tracing, with the workload's exact
# count (5 reads by dd), its hist's cumulative buckets, and a scrape
# cleared nothing (the same count twice); SIGTERM ends it with status 0.
set -eu
. ./netns.inc
port=$((20000 + RANDOM % 20000))
url=http://127.0.0.1:$port/metrics
"$DTRACE" --bpftrace -x prometheus="$port" -e '
	tracepoint:syscalls:sys_enter_read /comm == "dd" && args->fd == 0/ {
		@reads[comm] = count(); @size = hist(args->count); }' \
	>"$TMPDIR/bt.out" 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null || :' EXIT
for ((i = 0; i < 200; i++)); do
	curl -s -o /dev/null --max-time 5 "$url" && break
	sleep 0.3
done
dd if=/dev/zero of=/dev/null bs=512 count=5 2>/dev/null
sleep 1
m1=$(curl -s --max-time 10 "$url")
m2=$(curl -s --max-time 10 "$url")
fail() { echo "$1"; printf '%s\n' "$m1" | grep -v '_bucket' | head -30; cat "$TMPDIR/bt.out"; exit 1; }
for m in "$m1" "$m2"; do
	grep -qx 'dtrace_agg_reads_total{comm="dd"} 5' <<<"$m" || fail "count"
done
grep -qx 'dtrace_agg_size_bucket{le="511"} 0' <<<"$m1" || fail "le=511"
grep -qx 'dtrace_agg_size_bucket{le="1023"} 5' <<<"$m1" || fail "le=1023"
grep -qx 'dtrace_agg_size_count 5' <<<"$m1" || fail "_count"
grep -qx '# TYPE dtrace_agg_size histogram' <<<"$m1" || fail "type"
[ "$(tail -n 1 <<<"$m1")" = "# EOF" ] || fail "# EOF"
kill -TERM $pid
wait $pid || fail "status $? after SIGTERM"
trap - EXIT
