#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The guest suite: runs inside the QEMU guest, with dtrace.ko loaded by
# tests/vm/run-guest.sh. Module-level shell tests first, then the D
# scripts with expected output. Ends with one "N passed, N failed" line.
set -u
cd "$(dirname "$0")/.."
dtrace=$PWD/user/dtrace
passed=0
failed=0

for dir in tests/kmod tests/d; do
	echo "# == $dir"
	out=$(tests/vm/run-d-tests.sh "$dtrace" "$dir" 2>&1)
	echo "$out" | grep -vE '^[0-9]+ passed, [0-9]+ failed$'
	p=$(echo "$out" | sed -n 's/^\([0-9]*\) passed, [0-9]* failed$/\1/p')
	f=$(echo "$out" | sed -n 's/^[0-9]* passed, \([0-9]*\) failed$/\1/p')
	passed=$((passed + ${p:-0}))
	failed=$((failed + ${f:-1}))
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
