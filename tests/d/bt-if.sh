#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# bpftrace's if/else: only the branch taken prints and aggregates (the
# module skips the others), nested, with exit() in a block.
set -eu
. ./bt-lib.inc
out=$(bt_run -e 'BEGIN {
	$x = 3;
	if ($x > 5) {
		@never[$x] = count();
		printf("not printed\n");
	} else if ($x == 3) {
		printf("three %d\n", $x);
		@yes[$x] = count();
	} else {
		printf("not printed\n");
		@no[$x] = count();
	}
	if ($x > 1) {
		if ($x < 2) {
			printf("not printed\n");
		}
		printf("nested\n");
		exit();
	}
}' | grep -v '^$')
want='three 3
nested
@yes[3]: 1'
[ "$out" = "$want" ] || { echo "got: $out"; exit 1; }
