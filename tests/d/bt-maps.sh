#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Maps: aggregating functions, print( ) of one map, clear( ) and zero( ),
# a map that is not an aggregation (read, incremented, deleted), stats,
# and lhist of known values.
set -eu
# the expected output is bpftrace 0.17's printing, in every guest
export DTRACE_BTRELEASE=0.17
. ./bt-lib.inc
out=$(bt_run -e '
BEGIN { @v[1] = 5; @v[1]++; printf("v %d\n", @v[1]); delete(@v[1]); printf("v %d\n", @v[1]); }
interval:ms:50 {
	@n++;
	@c = count();
	@l = lhist(@n * 10, 0, 100, 10);
	@k[@n % 2 ? "odd" : "even"] = count();
	if (@n == 4) {
		print(@k);
		clear(@c);
		exit();
	}
}')
[ "$(printf '%s\n' "$out" | sed -n 1,2p)" = "v 6
v 0" ] || { echo "got:"; echo "$out"; exit 1; }
bt_range "odd" "$(bt_key_value "$out" odd)" 2 2 "$out"
bt_range "even" "$(bt_key_value "$out" even)" 2 2 "$out"
# 10, 20, 30, 40: one in each bucket
bt_range "lhist" "$(bt_hist_total "$out")" 4 4 "$out"

# print( ) of a cleared aggregation: 0.27 prints nothing for a map with
# keys or a hist, a scalar's zero (sum, stats), as captured from 0.27
prog='BEGIN { @c[1] = count(); clear(@c); print(@c); printf("x\n"); @h = hist(5); clear(@h); print(@h); printf("y\n"); @s = sum(3); clear(@s); print(@s); @e = stats(2); clear(@e); print(@e); printf("z\n"); exit(); }'
out=$(bt_run -x btrelease=0.27 -e "$prog")
want='x
y
@s: 0
@e: { .count = 0, .average = 0, .total = 0 }
z'
[ "$out" = "$want" ] || { echo "0.27 print of empty: got:"; printf '%s\n' "$out"; exit 1; }
