#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# demo.sh: what "make demo" runs after the build. Boots a guest, loads
# kmod/dtrace.ko, runs a D one-liner with user/dtrace and unloads the
# module; run-guest.sh reports rmmod and the kernel log. Passes only
# if all that is clean and the one-liner printed "hello 42" (after
# the default CPU, ID and FUNCTION:NAME columns).
set -eu -o pipefail

cd "$(dirname "$0")/../.."
for f in kmod/dtrace.ko user/dtrace; do
	[ -e "$f" ] || { echo "demo: no $f: run make first" >&2; exit 1; }
done

out=$(mktemp)
trap 'rm -f "$out"' EXIT
status=0
tests/vm/run-guest.sh --timeout 120 --module kmod/dtrace.ko -- \
	user/dtrace -n 'BEGIN { printf("hello %d\n", 6 * 7); exit(0); }' |
	tee "$out" || status=$?
if [ "$status" = 0 ] && grep -q 'hello 42$' "$out"; then
	echo "demo: OK"
else
	echo "demo: FAILED" >&2
	exit 1
fi
