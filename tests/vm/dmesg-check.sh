#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# dmesg-check.sh [FILE]
# dmesg-check.sh --regex
#
# Print the lines of a kernel log (FILE, or standard input) that show
# the kernel went wrong, and exit 1 if there are any, 0 if none, 2 if
# the log cannot be read. --regex prints the extended regular
# expression used, for scripts that match lines themselves.
# run-guest.sh checks a whole guest's log with it, run-d-tests.sh the
# lines each test added. Matching is case-sensitive on purpose: boot
# logs say things like "please report a bug" that are harmless.
set -eu

# BUG: covers soft lockups, KASAN, sleeping in atomic context, bad
# page state...; "kernel BUG at" is BUG_ON(); Oops, general protection
# fault and Call Trace: any oops or warning with a backtrace; the rest
# are hangs and stalls that print no backtrace header of their own.
pattern='BUG:|WARNING:|Oops|general protection fault|Call Trace:'
pattern="$pattern|kernel BUG at|Kernel panic|UBSAN:|stack-protector:"
pattern="$pattern|blocked for more than [0-9]+ seconds|detected stalls? on CPU"

if [ "${1:-}" = --regex ]; then
	printf '%s\n' "$pattern"
	exit 0
fi
rc=0
grep -a -E -e "$pattern" "${1:--}" || rc=$?
case $rc in
0) exit 1 ;;	# found some
1) exit 0 ;;	# clean
*) exit 2 ;;	# grep failed: unreadable file
esac
