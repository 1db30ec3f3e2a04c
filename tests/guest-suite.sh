#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The guest suite: runs inside the QEMU guest, with dtrace.ko loaded by
# tests/vm/run-guest.sh. First the module's own kselftest binaries
# (tests/kmod/test_*.c, which drive the ioctls directly), each test
# counted; then the D scripts with expected output. Ends with one
# "N passed, N failed" line (", N skipped" after it, and a "skipped:"
# line before, when tests were skipped: tests/vm/tally.sh). --long runs the load test for ten minutes
# instead of twenty seconds (make check-long); --no-peer-tools leaves
# out what runs bpftrace beside dtrace, but for the TCP tools, which
# read kernel types, under dtrace alone.
#
# --smp [RUNS] runs the reliability subset instead, for a guest whose
# vCPUs really run in parallel (tests/vm/reliability.sh): load and churn,
# hostile ioctls from 4 threads, fbt (every function), the consumer life
# cycle (kill -9 mid-run, the deadman); then the command tracing every
# kernel function RUNS times (default 10), each within 60 s.
set -u
cd "$(dirname "$0")/.." || exit 2
mode=all
case ${1:-} in
--long) export DTRACE_LOAD_SECONDS=600 ;;
# The other kernels of make check: what runs bpftrace beside dtrace runs
# on the first kernel only (bpftrace takes seconds a program under
# emulation, CI has 90 minutes); the tools that read kernel types with
# both type sources (part 4) run there under dtrace alone.
--no-peer-tools)
	export BT_PEER=0
	x='bt-tools-vs-bpftrace-[12356] bt-vs-bpftrace bt-cli-json'
	x="$x bt-cli-list bt-maps-vs-bpftrace"
	# and the language's and the consumer's own, the same on any kernel
	export D_TESTS_EXCLUDE="$x bt-lang-* bt-cli-opts bt-maps bt-maps-print"
	;;
--smp)
	mode=smp
	# A starved guest is slow: test_load checks its accounting only.
	export DTRACE_LOAD_MIN_RATE=1000
	# test_abi_fuzz's 100,000 calls overran its 30 s there.
	export DTRACE_FUZZ_ITERS=20000
	;;
esac
# shellcheck source=tests/vm/tally.sh
. tests/vm/tally.sh

# One kselftest binary, each of its tests counted.
run_ksft() {
	local bin=$1 out rc f0=$failed name
	out=$("$bin" 2>&1)
	rc=$?
	name=${bin##*/}
	tally_ksft "$out" "$rc" "$name"
	grep -E '^(ok|not ok) ' <<<"$out" |
		sed -E "s#^(not ok|ok) [0-9]+#\1 - $name:#"
	[ "$failed" -gt "$f0" ] && grep -E '^# ' <<<"$out" |
		grep -vE '^# +(RUN|OK)' | sed 's/^/#   /'
}

# The command with every kernel function traced (issue 17, item 7): each
# run must end by itself within 60 s and print a count above zero.
every_function() {
	local i t0 out rc el
	for i in $(seq 1 "$1"); do
		t0=$(date +%s%N)
		out=$(timeout -k 10 60 user/dtrace -q \
			-n 'fbt:::entry { @ = count(); } tick-1s { exit(0); }' 2>&1)
		rc=$?
		el=$(( ($(date +%s%N) - t0) / 10000000 ))
		el=$((el / 100)).$(printf %02d $((el % 100)))
		if [ "$rc" -eq 0 ] && [ "$(tr -d ' \n' <<<"$out")" -gt 0 ] 2>/dev/null; then
			echo "ok - every function traced, run $i (${el} s)"
			passed=$((passed + 1))
		else
			echo "not ok - every function traced, run $i (exit $rc, ${el} s)"
			sed 's/^/#   /' <<<"$out" | tail -n 5
			failed=$((failed + 1))
		fi
	done
}

if [ "$mode" = smp ]; then
	echo "# == tests/kmod, reliability subset ($(nproc) CPUs)"
	for t in test_load test_abi_fuzz test_fbt test_lifecycle; do
		run_ksft "build/guest/$t"
	done
	echo "# == every kernel function traced"
	every_function "${2:-10}"
	tally_end
	[ "$failed" -eq 0 ]
	exit
fi

echo "# == tests/kmod"
for bin in build/guest/test_*; do
	run_ksft "$bin"
done

echo "# == tests/d"
out=$(tests/vm/run-d-tests.sh "$PWD/user/dtrace" tests/d 2>&1)
rc=$?
echo "$out" | grep -vE "$tally_re|^skipped: "
# an empty selection or a runner that died is a failure, not a pass
tally_add "$out" "$rc" ||
	echo "not ok - tests/d (run-d-tests.sh exit $rc, no test failed)"

tally_end
[ "$failed" -eq 0 ]
