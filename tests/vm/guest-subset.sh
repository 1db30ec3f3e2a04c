#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# guest-subset.sh: in the guest, with dtrace.ko loaded, the part of the
# guest suite that proves the module on a kernel other than the default
# one (make check's other kernels; make check-matrix runs the whole
# suite): the ABI and the core D language, and each provider once. Ends
# with "N passed, N failed", as tests/guest-suite.sh does.
set -u
cd "$(dirname "$0")/../.." || exit 2
# The ioctls, the actions, and the providers the module implements.
KSFT="test_abi test_actions test_providers test_tp test_pid test_fbt"
# D itself: clauses, variables, aggregations, strings, printf, exit.
CORE="hello printf arith arith-64 vars builtins clauses if if-exit
	agg-funcs agg-end strings strsize trace-quiet end exit-status
	speculation stack types-kernel"
# One test per provider: dtrace (all of the above), profile, syscall,
# fbt, pid, uprobe, USDT, tracepoint, software, kprobe, perf; and
# ustack through the pid provider.
PROVIDERS="profile-rate agg-syscalls fbt-several pid uprobe-path usdt-args
	tp-openat sw-clock bt-probes-kprobe bt-perf-names ustack"
export BT_PEER=0
passed=0
failed=0
for t in $KSFT; do
	out=$("build/guest/$t" 2>&1)
	rc=$?
	p=$(sed -n 's/^# Totals: pass:\([0-9]*\) fail:\([0-9]*\).*/\1/p' <<<"$out")
	f=$(sed -n 's/^# Totals: pass:\([0-9]*\) fail:\([0-9]*\).*/\2/p' <<<"$out")
	[ -z "$p" ] && { p=0; f=1; }
	[ "$rc" -ne 0 ] && [ "$f" -eq 0 ] && f=1
	grep -E '^(ok|not ok) ' <<<"$out" | sed -E "s#^(not ok|ok) [0-9]+#\1 - $t:#"
	[ "$f" -gt 0 ] && grep -E '^# ' <<<"$out" | grep -vE '^# +(RUN|OK)' |
		sed 's/^/#   /'
	passed=$((passed + p))
	failed=$((failed + f))
done
# shellcheck disable=SC2086 # the lists split on purpose
out=$(tests/vm/run-d-tests.sh "$PWD/user/dtrace" tests/d $CORE $PROVIDERS 2>&1)
echo "$out" | grep -vE '^[0-9]+ passed, [0-9]+ failed$'
p=$(sed -n 's/^\([0-9]*\) passed, [0-9]* failed$/\1/p' <<<"$out")
f=$(sed -n 's/^[0-9]* passed, \([0-9]*\) failed$/\1/p' <<<"$out")
passed=$((passed + ${p:-0}))
failed=$((failed + ${f:-1}))
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
