#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# execargs: the process's arguments joined by spaces, as Oracle's DTrace
# gives them, read from the process's argument area; cut at strsize - 1
# bytes; "" in a kernel thread.
set -eu
fail() { echo "FAIL: $*"; exit 1; }

args() { # DTRACE-OPTIONS... -- COMMAND...
	local o=()
	while [ "$1" != -- ]; do o+=("$1"); shift; done
	shift
	"$DTRACE" "${o[@]}" -qn 'syscall::clock_nanosleep:entry,
	    syscall::nanosleep:entry /pid == $target/ {
	    printf("%s|%d\n", execargs, strlen(execargs)); exit(0); }' \
	    -c "$*" | head -1
}
out=$(args -- /bin/sleep 0.1 0.01 0.02)
[ "$out" = "/bin/sleep 0.1 0.01 0.02|24" ] || fail "three arguments: $out"
out=$(args -x strsize=12 -- /bin/sleep 0.1 0.01 0.02)
[ "$out" = "/bin/sleep |11" ] || fail "strsize=12: $out"
# a kernel thread has no arguments: kthreadd, pid 2, at every tick
out=$("$DTRACE" -qn 'profile-97 /curthread->flags & 0x00200000/ {
    printf("[%s]\n", execargs); exit(0); }' | head -1)
[ "$out" = "[]" ] || fail "kernel thread: $out"
echo ok
