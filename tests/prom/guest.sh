#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# tests/prom/guest.sh DTRACE PORT TAG: the guest's half of
# tests/prom/run.sh. Serves a known workload's aggregations with
# dtrace -x prometheus=0.0.0.0:PORT, and steps through the phases the
# host waits for, as files in RESULTS_DIR: ready (scrapes answered),
# workload (the workload ran, beside a load on the same probe), then on
# the host's stop: SIGTERM, a clean exit, a refused scrape; exited.
# TAG only lets the host find this run. Prints "ok - ..." lines.
set -u
dtrace=$1
port=$2
res=$RESULTS_DIR
url=http://127.0.0.1:$port/metrics
n=0
ok() { echo "ok - guest: $1"; }
nok() { echo "not ok - guest: $1"; n=$((n + 1)); }
# wait_for FILE SECONDS
wait_for() {
	local i
	for ((i = 0; i < $2 * 2; i++)); do
		[ -e "$1" ] && return 0
		sleep 0.5
	done
	return 1
}

tests/vm/guest-net.sh || { nok "network"; exit 1; }
# read(2)s of dd's input (dd reopens it as fd 0): their count and sizes
prog='syscall::read:entry /execname == "dd" && arg0 == 0/ {
	@reads[execname] = count(); @size = quantize(arg2); }'
"$dtrace" -q -x prometheus=0.0.0.0:"$port" -x aggrate=100ms -n "$prog" \
	>"$res/dtrace.out" 2>"$res/dtrace.err" &
pid=$!
up=0
for ((i = 0; i < 600; i++)); do
	curl -s -o /dev/null --max-time 5 "$url" && { up=1; break; }
	kill -0 "$pid" 2>/dev/null || break
	sleep 0.5
done
if [ "$up" = 1 ]; then
	ok "exporter answers on port $port"
else
	nok "exporter answers on port $port"
	cat "$res/dtrace.err"
fi
touch "$res/ready"

# A load on the same probe (cat's reads, not counted) while it runs.
timeout 20 cat /dev/zero >/dev/null &
load=$!
sleep 2
dd if=/dev/zero of=/dev/null bs=4096 count=7 2>/dev/null
dd if=/dev/zero of=/dev/null bs=100 count=3 2>/dev/null
wait "$load"
touch "$res/workload"

wait_for "$res/stop" 300 || nok "the host said stop"
kill -TERM "$pid"
wait "$pid"
rc=$?
if [ "$rc" = 0 ]; then
	ok "dtrace exits 0 on SIGTERM"
else
	nok "dtrace exits 0 on SIGTERM (status $rc)"
	cat "$res/dtrace.err"
fi
t0=$(date +%s%N)
curl -s -o /dev/null --max-time 10 "$url"
rc=$?
ms=$((($(date +%s%N) - t0) / 1000000))
# curl's 7: could not connect
if [ "$rc" = 7 ] && [ "$ms" -lt 2000 ]; then
	ok "a scrape after the exit is refused (${ms} ms)"
else
	nok "a scrape after the exit is refused (curl status $rc, ${ms} ms)"
fi
touch "$res/exited"
wait_for "$res/finish" 120 || :
[ "$n" = 0 ]
