#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# bpftrace's maps that are not aggregations (D globals, read by the
# consumer with DVARSNAP): the printing at exit of integers (by value)
# and strings (by key), scalars, maps emptied by delete( ); print( ) with
# a top and a divisor, clear( ) and zero( ) in a probe, has_key( ).
set -eu
# the expected output is bpftrace 0.17's printing, in every guest
export DTRACE_BTRELEASE=0.17
. ./bt-lib.inc
out=$(bt_run -e 'BEGIN { @s[1] = "abc"; @s[2] = "de"; @i[5] = 30; @i[-2] = 10; @i[7] = 20; @x = 42; @y = "str"; @m[1, "b"] = 4; @m[0, "z"] = 6; @d[1] = 1; delete(@d[1]); @t["k"] = "v"; delete(@t["k"]); exit(); }')
want='


@i[-2]: 10
@i[7]: 20
@i[5]: 30
@m[1, b]: 4
@m[0, z]: 6
@s[1]: abc
@s[2]: de

@x: 42
@y: str'
[ "$out" = "$want" ] || { echo "exit printing: got:"; printf '%s\n' "$out"; echo "want:"; printf '%s\n' "$want"; exit 1; }

out=$(bt_run -e 'interval:ms:10 { @n = @n + 1; @s[@n] = "v"; @v[@n] = @n * 10; if (@n == 3) { print(@s); print(@v, 2); print(@v, 0, 10); clear(@s); zero(@v); printf("%d %d\n", has_key(@s, 1), has_key(@s, 9)); exit(); } }')
want='@s[1]: v
@s[2]: v
@s[3]: v
@v[2]: 20
@v[3]: 30
@v[1]: 1
@v[2]: 2
@v[3]: 3
1 0


@n: 3'
[ "$out" = "$want" ] || { echo "print/clear/zero: got:"; printf '%s\n' "$out"; echo "want:"; printf '%s\n' "$want"; exit 1; }
echo ok
