#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The guest suite: runs inside the QEMU guest, with dtrace.ko loaded by
# tests/vm/run-guest.sh. First the module's own kselftest binaries
# (tests/kmod/test_*.c, which drive the ioctls directly), each test
# counted; then the D scripts with expected output. Ends with one
# "N passed, N failed" line. --long runs the load test for ten minutes
# instead of twenty seconds (make check-long).
set -u
cd "$(dirname "$0")/.."
[ "${1:-}" = --long ] && export DTRACE_LOAD_SECONDS=600
passed=0
failed=0

echo "# == tests/kmod"
for bin in build/guest/test_*; do
	out=$("$bin" 2>&1)
	rc=$?
	p=$(sed -n 's/^# Totals: pass:\([0-9]*\) fail:\([0-9]*\).*/\1/p' <<<"$out")
	f=$(sed -n 's/^# Totals: pass:\([0-9]*\) fail:\([0-9]*\).*/\2/p' <<<"$out")
	[ -z "$p" ] && { p=0; f=1; }
	[ "$rc" -ne 0 ] && [ "$f" -eq 0 ] && f=1
	name=${bin##*/}
	grep -E '^(ok|not ok) ' <<<"$out" |
		sed -E "s#^(not ok|ok) [0-9]+#\1 - $name:#"
	[ "$f" -gt 0 ] && grep -E '^# ' <<<"$out" | grep -vE '^# +(RUN|OK)' |
		sed 's/^/#   /'
	passed=$((passed + p))
	failed=$((failed + f))
done

echo "# == tests/d"
out=$(tests/vm/run-d-tests.sh "$PWD/user/dtrace" tests/d 2>&1)
echo "$out" | grep -vE '^[0-9]+ passed, [0-9]+ failed$'
p=$(echo "$out" | sed -n 's/^\([0-9]*\) passed, [0-9]* failed$/\1/p')
f=$(echo "$out" | sed -n 's/^[0-9]* passed, \([0-9]*\) failed$/\1/p')
passed=$((passed + ${p:-0}))
failed=$((failed + ${f:-1}))

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
