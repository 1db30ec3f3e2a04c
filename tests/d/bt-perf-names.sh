#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The hardware provider's names on the perf-event engine it shares with
# software (kmod/provider_perf.c): every event and alias exists without
# a PMU, NAME-PERIOD is made when named exactly (and by software's table
# only for software), a bad or zero period matches nothing.
set -eu
out=$("$DTRACE" -l -P hardware | sed 1d | awk '{ print $2, $3 }' | sort)
exp="hardware backend-stalls
hardware branch-instructions
hardware branch-misses
hardware branches
hardware bus-cycles
hardware cache-misses
hardware cache-references
hardware cpu-cycles
hardware cycles
hardware frontend-stalls
hardware instructions
hardware ref-cycles"
exp=$(printf '%s\n' "$exp" | sort)
[ "$out" = "$exp" ] || { printf '%s\n' "$out"; exit 1; }
out=$("$DTRACE" -l -n hardware:::branches-5000 | sed 1d | awk '{ print $2, $3 }')
[ "$out" = "hardware branches-5000" ] || { echo "$out"; exit 1; }
# asked twice: still one probe
out=$("$DTRACE" -l -n hardware:::branches-5000 | sed 1d | wc -l)
[ "$out" = 1 ] || { echo "twice: $out"; exit 1; }
# each table is its own provider's
"$DTRACE" -l -n hardware:::page-faults-3 >/dev/null 2>&1 && exit 1
"$DTRACE" -l -n software:::cycles-3 >/dev/null 2>&1 && exit 1
"$DTRACE" -l -n hardware:::cycles-0 >/dev/null 2>&1 && exit 1
"$DTRACE" -l -n hardware:::cycles-x >/dev/null 2>&1 && exit 1
# no provider named: the table that has the event makes it
out=$("$DTRACE" -l -n :::cache-misses-77 | sed 1d | awk '{ print $2, $3 }')
[ "$out" = "hardware cache-misses-77" ] || { echo "$out"; exit 1; }
exit 0
