#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# curpsinfo->pr_psargs is the whole command line, as illumos shows it:
# the arguments joined by spaces, at most 79 characters (80 bytes with
# the NUL), from the kernel's types and from the type data DKMS builds.
set -eu
fail() { echo "FAIL: $*"; exit 1; }

psargs() { # DTRACE... -- COMMAND...
	local d=()
	while [ "$1" != -- ]; do d+=("$1"); shift; done
	shift
	"${d[@]}" -qn 'syscall::clock_nanosleep:entry,syscall::nanosleep:entry
	    /pid == $target/ { printf("%s|%d|%d\n", curpsinfo->pr_psargs,
	    curpsinfo->pr_pid == pid, curpsinfo->pr_pid == $target); }' \
	    -c "$*" | head -1
}
types=${VM_MODULE:-}
types=${types%/*}/dtrace-types.btf
for d in "$DTRACE" "env DTRACE_BTF=$types $DTRACE"; do
	[ "$d" = "$DTRACE" ] || [ -s "$types" ] || continue
	# shellcheck disable=SC2086 # $d is words
	out=$(psargs $d -- /bin/sleep 0.1 0.01 0.01 0.01 0.01 0.01)
	[ "$out" = "/bin/sleep 0.1 0.01 0.01 0.01 0.01 0.01|1|1" ] ||
		fail "six arguments ($d): $out"
	long="/bin/sleep 0.1"
	for i in $(seq 20); do long="$long 0.00$((i % 10))"; done
	# shellcheck disable=SC2086
	out=$(psargs $d -- $long)
	[ "$out" = "${long:0:79}|1|1" ] || fail "long ($d): $out
want: ${long:0:79}"
done
echo ok
