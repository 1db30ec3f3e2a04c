#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# bpftrace 0.22 to 0.27's language, run: let, if without parentheses,
# for over a range (break, continue), delete( )'s value, true/false,
# getopt( ) with named parameters after --, pcomm, syscall_name( ),
# strerror( ), . through a pointer, 0.27's numbers (1m, 1e6, 10u),
# begin/end, interval:N (nanoseconds), _ = v; exact output.
set -eu
. ./bt-lib.inc
cat >"$TMPDIR/newer.bt" <<'END'
macro depth() { getopt("depth", 3) }
let @seen = lruhash(16);
BEGIN {
	let $n: uint8 = 300;
	let $s;
	if $n == 44 { $s = "folded"; } else { $s = "not"; }
	printf("%s %d %d %d\n", $s, $n, true, false);
	for ($i : 0..depth) {
		if ($i == 1) { continue; }
		printf("i=%d\n", $i);
	}
	for $j : 10..100 { if ($j == 12) { break; } printf("j=%d\n", $j); }
	@seen[1] = 5;
	$a = delete(@seen, 1);
	$b = delete(@seen, 1);
	printf("deleted %d %d\n", $a, $b);
	printf("%s %s %s\n", syscall_name(0), syscall_name(257), strerror(2));
	printf("named %d %s\n", getopt("flag"), getopt("name", "none"));
	printf("pcomm %d\n", pcomm == curtask.real_parent.comm);
	exit();
}
END
out=$(bt_run "$TMPDIR/newer.bt" -- --depth=4 --flag | grep -v '^$')
want='folded 44 1 0
i=0
i=2
i=3
j=10
j=11
deleted 1 0
read openat No such file or directory
named 1 none
pcomm 1'
[ "$out" = "$want" ] || { echo "got:"; echo "$out"; echo "want:"; echo "$want"; exit 1; }

# 0.27's numbers, lowercase begin/end, interval:N in nanoseconds, _ = v
# (@m emptied: not printed)
# (values as 0.27 printed them in the forky guest)
out=$(bt_run -e 'begin { @m[1] = 1; _ = delete(@m, 1); _ = "x";
	printf("%d %d %d %d\n", 1m, 100ms, 5us, 1_000ms);
	printf("%d %d %d %d\n", 1e6, 10u, 017, 0x1_f); }
interval:10000000 { exit(); }
end { printf("end\n"); }' | grep -v '^$')
want='60000000000 100000000 5000 1000000000
1000000 10 15 31
end'
[ "$out" = "$want" ] || { echo "got:"; echo "$out"; echo "want:"; echo "$want"; exit 1; }
