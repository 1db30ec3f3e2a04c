#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# A D program built with Debian's ldc: _Dmain's entry is counted, D's
# mangled names work as written and as globs, in the program and in
# druntime, and the GC's allocation sizes make a quantize() histogram.
set -eu
d=${TMPDIR:-/tmp}
. ./ldc-gc.inc
# Arrays are allocated through gc_qalloc (ldc 1.30, Debian 12), which
# returns a struct in memory: arg0 is where, arg1 the size; or through
# gc_malloc (ldc 1.42, forky), arg0 the size.
out=$("$DTRACE" -q -c "$d/ldc/gc" -n '
pid$target:a.out:_Dmain:entry { @m = count(); }
pid$target:a.out:_D2gc*:entry { @g[probefunc] = count(); }
pid$target:libdruntime*:_D4core8internal2gc4impl12conservativeQw3Gcx11fullcollectMFNb*Zm:entry
{ @c = count(); }
pid$target:libdruntime*:gc_qalloc:entry { @q = quantize(arg1); }
pid$target:libdruntime*:gc_malloc:entry { @q = quantize(arg0); }
END { printa("main %@d\n", @m); printa("%s %@d\n", @g);
	printa("collect %@d\n", @c); printa(@q); }')
printf '%s\n' "$out" | grep -qx 1023 || { echo "got '$out'"; exit 1; }
printf '%s\n' "$out" | grep -qx 'main 1' || { echo "got '$out'"; exit 1; }
printf '%s\n' "$out" | grep -qx '_D2gc4makeFmZAi 10' || { echo "got '$out'"; exit 1; }
n=$(printf '%s\n' "$out" | sed -n 's/^collect //p')
[ -n "$n" ] && [ "$n" -ge 1 ] || { echo "got '$out'"; exit 1; }
# make(2^i) asks for 4 * 2^i bytes and one more: one in each bucket
# from 8 to 2048 at least
for b in 8 16 64 128 256 512 1024 2048; do
	c=$(printf '%s\n' "$out" | awk -v b=$b '$1 == b && $2 ~ /^[|]/ { print $NF }')
	[ -n "$c" ] && [ "$c" -ge 1 ] || { echo "bucket $b: got '$out'"; exit 1; }
done
