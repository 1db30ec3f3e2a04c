#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# profile-997 fires about 997 times a second on every CPU (a little less
# under emulation: 855 seen in the TCG guest).
set -u
out=$("$DTRACE" -q -n 'profile-997 { @[cpu] = count(); }' \
	-n 'tick-1s { exit(0); }' 2>&1) || { echo "$out"; exit 1; }
n=0
while read -r cpu count; do
	[ -n "$cpu" ] || continue
	n=$((n + 1))
	[ "$count" -ge 500 ] && [ "$count" -le 1100 ] ||
		{ echo "cpu $cpu: $count samples"; exit 1; }
done <<<"$out"
[ "$n" = "$(nproc)" ] || { echo "samples from $n CPUs: $out"; exit 1; }
