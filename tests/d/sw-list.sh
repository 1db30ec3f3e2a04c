#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The software provider's probes: every event and alias at its default
# period, and NAME-PERIOD made when named; a bad name matches nothing.
set -eu
out=$("$DTRACE" -l -P software | sed 1d | awk '$3 !~ /[0-9]/ { print $2, $3 }' | sort)
exp="software context-switches
software cpu
software cpu-clock
software cpu-migrations
software cs
software faults
software major-faults
software minor-faults
software migrations
software page-faults
software task-clock"
exp=$(printf '%s\n' "$exp" | sort)
[ "$out" = "$exp" ] || { printf '%s\n' "$out"; exit 1; }
out=$("$DTRACE" -l -n software:::page-faults-7 | sed 1d | awk '{ print $2, $3 }')
[ "$out" = "software page-faults-7" ] || { echo "$out"; exit 1; }
"$DTRACE" -l -n software:::page-faults-0 >/dev/null 2>&1 && exit 1
"$DTRACE" -l -n software:::nosuch-1 >/dev/null 2>&1 && exit 1
exit 0
