#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# -x aggpercpu: after each value its CPUs' shares, "    [CPU N]" and the
# value as it prints, as Oracle's dtrace prints them (illumos keeps them
# for its library's callers). BEGIN fires on the CPU of the dtrace
# process, so pinned to CPU 1 its values are CPU 1's and CPU 0 has none.
set -eu
n=$(getconf _NPROCESSORS_CONF)
[ "$n" -ge 2 ] || { echo "one CPU: nothing to split"; exit 77; }
out=$(taskset -c 1 "$DTRACE" -q -x aggpercpu -n 'BEGIN { @c["a"] = count();
	@c["a"] = count(); @s = sum(5); @q = quantize(4); exit(0); }')
cpus() { # VALUE-ON-CPU-1 (others 0): the lines after the total
	local c
	for ((c = 0; c < n; c++)); do
		printf '    [CPU %d] %16d\n' "$c" "$([ "$c" = 1 ] && echo "$1" || echo 0)"
	done
}
want=$(printf '\n  %-50s %16d\n' a 2; cpus 2; printf ' %16d\n' 5; cpus 5)
# the quantize( )'s per-CPU rows: CPU 1's the same as the total's
got=$(head -n $((2 * n + 3)) <<<"$out")
[ "$got" = "$want" ] || { echo "got:"; echo "$got"; echo "want:";
	echo "$want"; exit 1; }
bars=$(grep -Ec '^ {15}4 \|@{40} 1 +$' <<<"$out" || true)
[ "$bars" = 2 ] || { echo "quantize rows of 4 with a full bar: $bars"; \
	echo "$out"; exit 1; }
heads=$(grep -c '^    \[CPU [0-9]*\]$' <<<"$out" || true)
[ "$heads" = "$n" ] || { echo "per-CPU distributions: $heads"; exit 1; }
