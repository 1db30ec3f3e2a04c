#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# fbt's functions are offered once: after a whole offer (-l -P fbt) a
# later run reads neither kallsyms nor ftrace's list and still finds its
# functions; a kernel module loaded afterwards is read and offered.
set -eu
fail() { echo "$1"; exit 1; }
all=$("$DTRACE" -l -P fbt | wc -l)
[ "$all" -gt 10000 ] || fail "only $all fbt probes"
strace -f -e trace=openat -o "$TMPDIR/trace" "$DTRACE" -l \
	-n 'fbt::vfs_read:entry' >"$TMPDIR/list"
! grep -q kallsyms "$TMPDIR/trace" || fail "kallsyms read again"
[ "$(grep -c ' vfs_read ' "$TMPDIR/list")" -eq 1 ] || fail "no vfs_read"

lsmod | grep -q '^dummy ' && rmmod dummy
modprobe dummy
trap 'rmmod dummy' EXIT
strace -f -e trace=openat -o "$TMPDIR/trace" "$DTRACE" -l \
	-n 'fbt:dummy::entry' >"$TMPDIR/list"
grep -q kallsyms "$TMPDIR/trace" || fail "a new module, but no new offer"
n=$(grep -c ' dummy ' "$TMPDIR/list" || true)
[ "$n" -ge 3 ] || fail "$n probes in dummy"
[ "$("$DTRACE" -l -P fbt | wc -l)" -gt "$all" ] || fail "no new probes"
