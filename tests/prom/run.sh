#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# tests/prom/run.sh: -x prometheus against the real engine. Starts
# Debian's prometheus on the host (its own config and data in a temp
# directory, on free loopback ports), scraping every second a guest
# (run-guest.sh --hostfwd) where tests/prom/guest.sh serves a known
# workload: 7 reads of 4096 bytes and 3 of 100 by dd. Checks through
# Prometheus's HTTP API (/api/v1/query) the exact count, the histogram's
# cumulative buckets, _count and _sum, the labels; that every scrape
# succeeded, under load too; and that once dtrace has exited the
# scrapes fail at once instead of hanging. Ends with the tally line
# (tests/vm/tally.sh); without prometheus installed, one skip.
set -u
cd "$(dirname "$0")/../.." || exit 1
passed=0
failed=0
if ! command -v prometheus >/dev/null; then
	echo "skipped: prometheus-scrape"
	echo "0 passed, 0 failed, 1 skipped"
	exit 0
fi

tmp=$(mktemp -d)
ppid=
gpid=
cleanup() {
	# shellcheck disable=SC2086 # the unset ones vanish
	kill $ppid $gpid 2>/dev/null
	wait 2>/dev/null
	rm -rf "$tmp"
}
trap cleanup EXIT
ok() { echo "ok - $1"; passed=$((passed + 1)); }
nok() { echo "not ok - $1"; failed=$((failed + 1)); }
# check NAME GOT WANT
check() { if [ "$2" = "$3" ]; then ok "$1"; else nok "$1: got $2, want $3"; fi; }
freeport() {
	python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}
# q PROMQL: the first result's value, or "none"
q() {
	curl -s --max-time 10 -G --data-urlencode "query=$1" \
		"http://127.0.0.1:$pport/api/v1/query" | python3 -c '
import json, sys
try:
    r = json.load(sys.stdin)["data"]["result"]
    print(r[0]["value"][1] if r else "none")
except Exception:
    print("none")'
}
# until_q PROMQL WANT SECONDS: poll until the value is WANT; prints it
until_q() {
	local v i
	for ((i = 0; i < $3; i++)); do
		v=$(q "$1")
		[ "$v" = "$2" ] && break
		sleep 1
	done
	echo "$v"
}
# wait_for FILE SECONDS (while the guest lives)
wait_for() {
	local i
	for ((i = 0; i < $2; i++)); do
		[ -e "$1" ] && return 0
		kill -0 "$gpid" 2>/dev/null || return 1
		sleep 1
	done
	return 1
}

hport=$(freeport)
pport=$(freeport)
gport=9464
cat >"$tmp/prometheus.yml" <<EOF2
global:
  scrape_interval: 1s
  scrape_timeout: 1s
scrape_configs:
  - job_name: dtrace
    static_configs:
      - targets: ['127.0.0.1:$hport']
EOF2
prometheus --config.file="$tmp/prometheus.yml" \
	--storage.tsdb.path="$tmp/data" \
	--web.listen-address="127.0.0.1:$pport" >"$tmp/prometheus.log" 2>&1 &
ppid=$!

tag=prom-$$-$RANDOM
tests/vm/run-guest.sh --timeout 600 --hostfwd "$hport:$gport" \
	--module kmod/dtrace.ko -- tests/prom/guest.sh "$PWD/user/dtrace" \
	"$gport" "$tag" >"$tmp/guest.out" 2>"$tmp/guest.err" &
gpid=$!
run=
for ((i = 0; i < 120 && !${#run}; i++)); do
	run=$(grep -l -- "$tag" build/vm/runs/*/job.sh 2>/dev/null | head -n 1)
	sleep 1
done
run=$(dirname "${run:-/nonexistent/x}")

# Scrapes fail until dtrace listens (the guest boots): count from then.
wait_for "$run/ready" 500
ready=$SECONDS
if wait_for "$run/workload" 300; then
	check "dd's reads counted, labelled by program" \
		"$(until_q 'dtrace_agg_reads_total{execname="dd",job="dtrace"}' 10 60)" 10
	for b in 63:0 127:3 4095:3 8191:10 +Inf:10; do
		check "read sizes: bucket le=${b%%:*}" \
			"$(q "dtrace_agg_size_bucket{le=\"${b%%:*}\"}")" "${b#*:}"
	done
	check "read sizes: _count" "$(q dtrace_agg_size_count)" 10
	# each value as its row's label: 7 x 4096 + 3 x 64
	check "read sizes: _sum" "$(q dtrace_agg_size_sum)" 28864
	check "drops are a metric" \
		"$(q 'dtrace_drops_total{kind="aggregation"}')" 0
	check "errors are a metric" "$(q dtrace_errors_total)" 0
	# every scrape since it listened answered, under the load too
	w=$((SECONDS - ready - 2))s
	check "every scrape succeeded, under load too" \
		"$(q "min_over_time(up{job=\"dtrace\"}[$w])")" 1
	n=$(q "count_over_time(up{job=\"dtrace\"}[$w])")
	if [ "$n" != none ] && [ "${n%.*}" -ge 10 ]; then
		ok "scraped $n times"
	else
		nok "scraped $n times (want 10 or more)"
	fi
else
	nok "the guest ran the workload"
fi
touch "$run/stop"
if wait_for "$run/exited" 120; then
	check "scrapes fail once dtrace has exited" \
		"$(until_q 'up{job="dtrace"}' 0 20)" 0
	d=$(q 'scrape_duration_seconds{job="dtrace"}')
	if python3 -c "import sys; sys.exit(not float('$d') < 1)" 2>/dev/null; then
		ok "a failed scrape ends at once (${d} s)"
	else
		nok "a failed scrape ends at once (${d} s)"
	fi
else
	nok "dtrace exited in the guest"
fi
touch "$run/finish"
wait "$gpid"
grc=$?
gpid=
grep -E '^(ok|not ok) - ' "$tmp/guest.out"
passed=$((passed + $(grep -c '^ok - ' "$tmp/guest.out")))
failed=$((failed + $(grep -c '^not ok - ' "$tmp/guest.out")))
if [ "$grc" != 0 ]; then
	nok "guest run (status $grc)"
	tail -n 20 "$tmp/guest.err" | sed 's/^/#   /'
fi
if [ "$failed" != 0 ]; then
	tail -n 20 "$tmp/prometheus.log" | sed 's/^/#   /'
fi
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
