#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# print( ) of a value that is not a map: numbers signed and unsigned, a
# string, a builtin, a $variable, a comparison, a map that holds a
# string (a map, so "@s: str"), each on a line of its own, as Debian's
# bpftrace prints them (the same bytes, where it runs); then a stack: a
# blank line, its frames indented, a blank line.
set -eu
. ./bt-lib.inc
prog='BEGIN { $x = 7; @s = "str"; print(1); print("abc"); print(comm);
	print($x); print(-3); print(@s); print(nsecs > 0); print((uint8)255);
	print((int8)-1); exit(); }'
got=$(bt_run -e "$prog")
want='1
abc
dtrace
7
-3
@s: str
1
255
-1


@s: str'
[ "$got" = "$want" ] || { echo "print: '$got'"; exit 1; }
if [ "${BT_PEER:-1}" != 0 ] && command -v bpftrace >/dev/null; then
	peer=$(timeout 120 bpftrace -e "$prog" | bt_noattach | sed 's/^bpftrace$/dtrace/')
	[ "$peer" = "$want" ] || { echo "bpftrace's print: '$peer'"; exit 1; }
fi
got=$(bt_run -c /bin/sync -e 'kprobe:ksys_sync { print(kstack(2)); exit(); }')
# (the blank line after it is gone with $( )'s trailing newlines)
[[ "$got" =~ ^$'\n'"        "[a-z_0-9.]+\+[0-9]+$'\n'"        "[a-z_0-9.]+\+[0-9]+$ ]] ||
	{ echo "print(kstack): '$got'"; exit 1; }
echo ok
