#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# A stack aggregation on a pid entry probe prints named frames after the
# process has exited (its maps are kept), the immediate caller included;
# ustackdepth agrees.
set -eu
d=${TMPDIR:-/tmp}
cat >"$d/stk.c" <<'C'
__attribute__((noinline)) int leaf(int x) { return x + 1; }
__attribute__((noinline)) int mid(int x) { return leaf(x) * 2; }
__attribute__((noinline)) int top(int x) { return mid(x) + 3; }
int main(void)
{
	int i, s = 0;

	for (i = 0; i < 5; i++)
		s += top(i);
	return s < 0;
}
C
gcc -O1 -fno-omit-frame-pointer -o "$d/stk" "$d/stk.c"
out=$("$DTRACE" -q -c "$d/stk" -n 'pid$target:a.out:leaf:entry
{ @[ustack(4)] = count(); @d = min(ustackdepth); }
END { printa(@); printa("depth>=4 %@d\n", @d); }')
got=$(printf '%s\n' "$out" | grep -v -e '^$' -e depth |
	sed -e 's/^ *//' -e 's/+0x[0-9a-f]*$/+OFF/')
[ "$got" = "$(printf 'stk`leaf\nstk`mid+OFF\nstk`top+OFF\nstk`main+OFF\n5')" ] ||
	{ echo "got '$out'"; exit 1; }
dep=$(printf '%s\n' "$out" | sed -n 's/^depth>=4 //p')
[ "$dep" -ge 4 ] || { echo "got '$out'"; exit 1; }
