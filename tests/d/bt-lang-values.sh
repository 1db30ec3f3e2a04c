#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# config = { }, macros, tuples ($t.N, print(), map keys, map values),
# len() and a $x that is an integer in one probe and a string in another.
set -eu
# the expected output is bpftrace 0.17's printing, in every guest
export DTRACE_BTRELEASE=0.17
. ./bt-lib.inc
out=$(bt_run -e 'config = { max_strlen = 5; stack_mode = bpftrace }
BEGIN { printf("[%s]\n", comm); exit(); }' 2>&1)
[ "$out" = "[dtra]" ] || { echo "config got: $out"; exit 1; }
out=$(bt_run -e 'macro add1($x) { $x + 1 }
macro bump($x, @m) { $x += 10; @m = $x; $x }
BEGIN { $a = 1; printf("%d %d\n", add1($a), add1(add1(5))); $b = bump($a, @v); printf("%d %d %d\n", $a, $b, @v); exit(); }' 2>&1)
[ "$out" = "2 7
11 11 11


@v: 11" ] || { echo "macro got: $out"; exit 1; }
out=$(bt_run -e 'BEGIN { $t = (1, "a", comm); printf("%d %s %s\n", $t.0, $t.1, $t.2); print($t); $u = $t; print(((int8)-1, $u.1, (7, 8).1)); @m[(2, "k")] = count(); @m[$t.0 + 1, $t.1] = count(); exit(); }' 2>&1)
[ "$out" = "1 a dtrace
(1, a, dtrace)
(-1, a, 8)


@m[2, a]: 1
@m[2, k]: 1" ] || { echo "tuple got: $out"; exit 1; }
# maps of tuples: has_key, an element, print() of one, delete, an END
# that reads what a later clause assigns; (0, "") is not kept
out=$(bt_run -e 'END { $v = @t[2]; printf("end %d %s\n", $v.0, @t[2].1); }
BEGIN { @t[1] = (1, "a"); @t[2] = (2, "b"); if (has_key(@t, 2)) { print(@t[2]); } @n = @t[2].0 + 40; delete(@t, 1); @z[1] = (0, ""); exit(); }' 2>&1)
[ "$out" = "(2, b)
end 2 b


@n: 42
@t[2]: (2, b)" ] || { echo "tuple map got: $out"; exit 1; }
# len(): the store's count of a map's elements; a counter's; a map of
# tuples' (an element holding 0 is not kept); clear(), which the
# consumer does when it reads the record (within a second), empties it
out=$(bt_run -e 'BEGIN { @m[1] = 1; @m[2] = 2; @m[3] = 3; delete(@m[2]); @c[1]++; @c[2]++; @t[1] = (1, "a"); @t[2] = (0, "b"); printf("%d %d %d\n", len(@m), len(@c), len(@t)); clear(@m); clear(@t); }
interval:s:3 { printf("%d %d\n", len(@m), len(@t)); exit(); }' 2>&1)
[ "$out" = "2 2 2
0 0


@c[1]: 1
@c[2]: 1" ] || { echo "len got: $out"; exit 1; }
out=$(bt_run -e 'BEGIN { $x = 1; printf("%d\n", $x); } BEGIN { $x = "s"; printf("%s\n", $x); exit(); }' 2>&1)
[ "$out" = "1
s" ] || { echo "types got: $out"; exit 1; }
d=${TMPDIR:-/tmp}
cat >"$d/bt-lang.bt" <<'BT'
#!/usr/bin/env bpftrace
#define MAX(a, b) ((a) > (b) ? (a) : (b))
#define SQ(x) \
	((x) * (x))
BEGIN { printf("%d %d\n", MAX(3, 7), SQ(MAX(1, 2) + 1)); exit(); }
BT
out=$("$DTRACE" -s "$d/bt-lang.bt" 2>&1 | bt_noattach)
[ "$out" = "7 9" ] || { echo "cpp got: $out"; exit 1; }
exit 0
