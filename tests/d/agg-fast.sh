#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Clauses of aggregations of built-ins and constants only take a short
# path decided at ENABLE (kmod/dtrace_plan.c). Their keys and values must
# be what the general path gives: the same clauses behind a predicate
# take that one. comm is 15 bytes at most; strsize=8 cuts strings to 8.
set -eu
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
cp /bin/false "$t/abcdefghijklmnopq"
cp /bin/false "$t/ab"
printf '#!/bin/sh\n%s\n%s\n%s\nexit 0\n' "$t/abcdefghijklmnopq" "$t/ab" "$t/ab" \
	>"$t/run"
chmod +x "$t/run"
d='syscall::exit_group:entry { @a[execname] = count(); @b[execname, probefunc] = sum(arg0); }
syscall::exit_group:entry /arg0 == arg0/ { @ga[execname] = count(); @gb[execname, probefunc] = sum(arg0); }
END { printa("a %s %@d\n", @a); printa("b %s %s %@d\n", @b);
      printa("ga %s %@d\n", @ga); printa("gb %s %s %@d\n", @gb); }'
for strsize in 256 8; do
	out=$("$DTRACE" -q -x strsize=$strsize -n "$d" \
		-c "$t/run")
	long=abcdefghijklmno f=exit_group
	[ $strsize = 8 ] && long=abcdefgh f=exit_gro
	for want in "a $long 1" "a ab 2" "b $long $f 1" "b ab $f 2" \
		    "ga $long 1" "ga ab 2" "gb $long $f 1" "gb ab $f 2"; do
		printf '%s\n' "$out" | grep -qx "$want" ||
			{ echo "strsize $strsize: no \"$want\" in:"; echo "$out"; exit 1; }
	done
done
echo ok
