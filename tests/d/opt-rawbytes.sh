#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# -x rawbytes: trace( ) of a string prints its bytes, as tracemem( ) does.
set -eu
out=$("$DTRACE" -q -x rawbytes -x strsize=16 -n 'BEGIN { trace("hi");
	exit(0); }' | sed '/^$/d')
want='             0  1  2  3  4  5  6  7  8  9  a  b  c  d  e  f  0123456789abcdef
         0: 68 69 00 00 00 00 00 00 00 00 00 00 00 00 00 00  hi..............'
[ "$out" = "$want" ] || { echo "got '$out'"; exit 1; }
