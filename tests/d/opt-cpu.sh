#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# -x cpu=N: only that CPU's records and aggregations are printed (DTrace
# traces only there; here every CPU's buffers are read and the others'
# are passed over); a CPU that does not exist is refused before tracing.
set -eu
[ "$(nproc)" -ge 2 ] || { echo "one CPU: nothing to leave out"; exit 77; }
# profile fires on every CPU: the aggregation printed at exit keeps only
# CPU 1's key, and every printf record names CPU 1. BEGIN and END fire
# on the CPU chosen, as in DTrace: the consumer starts and stops tracing
# from there.
out=$("$DTRACE" -q -x cpu=1 -n 'BEGIN { printf("begin %d\n", cpu); }
	profile-97 { @[cpu] = count(); printf("rec %d\n", cpu); }
	tick-1s /n++ == 1/ { exit(0); } END { printf("end %d\n", cpu); }')
recs=$(grep -c '^rec ' <<<"$out" || true)
other=$(grep -Ec '^rec [^1]' <<<"$out" || true)
aggs=$(grep -Ec '^ +1 +[0-9]+$' <<<"$out" || true)
other=$((other + $(grep -Ec '^ +([02-9]|[0-9][0-9]+) +[0-9]+$' <<<"$out" || true)))
ends=$(grep -c -x -e 'begin 1' -e 'end 1' <<<"$out" || true)
[ "$recs" -ge 5 ] && [ "$other" = 0 ] && [ "$aggs" = 1 ] && [ "$ends" = 2 ] ||
	{ echo "records $recs, aggregation lines $aggs, others $other," \
		"BEGIN and END $ends:"; \
	  echo "$out" | sort | uniq -c | sort -rn | head; exit 1; }
n=$(getconf _NPROCESSORS_CONF)
set +e
err=$("$DTRACE" -q -x cpu="$n" -n 'BEGIN { exit(0); }' 2>&1)
rc=$?
set -e
[ "$rc" = 1 ] &&
	[ "$err" = "dtrace: failed to set -x cpu: CPU $n does not exist" ] ||
	{ echo "cpu=$n: status $rc, '$err'"; exit 1; }
