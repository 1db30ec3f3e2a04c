#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# -x prometheus scraped every 100 ms while a workload runs: for
# DTRACE_LOAD_SECONDS (20 here; 600 in make check-long, issue 34's soak).
# The workload makes 200 keys (exec'd pids modulo 200) against a
# promseries of 50, so every scrape drops series. Checks: every scrape
# answered and ended with "# EOF"; never more than 50 series of the
# family; the dropped series counted; the command's resident memory
# grew by less than 1 MiB from the first quarter of the run to its end
# (the keys are all there by then: growth would be a per-scrape leak);
# SIGTERM ends it with status 0.
set -eu
. ./netns.inc
secs=${DTRACE_LOAD_SECONDS:-20}
[ "$secs" -le 600 ] || secs=600
port=$((20000 + RANDOM % 20000))
"$DTRACE" -q -x prometheus="$port" -x promseries=50 -n '
	proc:::exec-success { @execs[pid % 200] = count(); }
	syscall::read:entry /execname == "cat"/ { @size = quantize(arg2); }' \
	>"$TMPDIR/dt.out" 2>&1 &
pid=$!
work=
trap 'kill $pid $work 2>/dev/null || :' EXIT
for ((i = 0; i < 200; i++)); do
	curl -s -o /dev/null --max-time 5 "http://127.0.0.1:$port/metrics" &&
		break
	sleep 0.3
done
(while :; do cat /proc/self/stat >/dev/null; done) &
work=$!
python3 - "$port" "$pid" "$secs" <<'PY'
import re, sys, time, urllib.request
port, pid, secs = sys.argv[1], sys.argv[2], int(sys.argv[3])
url = "http://127.0.0.1:%s/metrics" % port
def rss():
    for line in open("/proc/%s/status" % pid):
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
n = bad = most = 0
dropped = None
t0 = time.monotonic()
early = None
while time.monotonic() - t0 < secs:
    try:
        body = urllib.request.urlopen(url, timeout=10).read().decode()
        series = len(re.findall(r'^dtrace_agg_execs_total\{', body, re.M))
        most = max(most, series)
        m = re.search(r'^dtrace_series_dropped\{aggregation="execs"\} (\d+)',
                      body, re.M)
        if m:
            dropped = int(m.group(1))
        if not body.endswith("# EOF\n"):
            bad += 1
    except Exception as e:
        bad += 1
        print("scrape failed:", e)
    n += 1
    if early is None and time.monotonic() - t0 >= secs / 4:
        early = rss()
    time.sleep(0.1)
late = rss()
print("%d scrapes, %d bad, at most %d series, %s dropped, rss %d -> %d KiB"
      % (n, bad, most, dropped, early, late))
ok = (n >= secs and bad == 0 and 0 < most <= 50 and dropped
      and late - early < 1024)
sys.exit(0 if ok else 1)
PY
kill -TERM $pid
wait $pid || { echo "status $? after SIGTERM"; cat "$TMPDIR/dt.out"; exit 1; }
echo ok
