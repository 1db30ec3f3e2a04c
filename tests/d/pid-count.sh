#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# pid$target probes on a C program built here: exact counts of entry
# probes, arguments, return values (arg1), offsets, a.out and the
# executable's own name, and dtrace exits when the command does.
set -eu
d=${TMPDIR:-/tmp}
cat >"$d/prog.c" <<'C'
#include <stdio.h>
__attribute__((noinline)) int f(int x) { return x * 2; }
__attribute__((noinline)) int g(int x) { return x + 1; }
int main(void)
{
	int i, s = 0;

	for (i = 0; i < 7; i++)
		s += f(i);
	for (i = 0; i < 3; i++)
		s += g(i);
	printf("%d\n", s);
	return 0;
}
C
gcc -O1 -o "$d/prog" "$d/prog.c"

out=$("$DTRACE" -q -c "$d/prog" -n '
pid$target:a.out:f:entry { @f = count(); @a = sum(arg0); }
pid$target:prog:g:return { @r = sum(arg1); }
pid$target:a.out:main:entry { printf("main\n"); }
END { printa("f %@d\n", @f); printa("args %@d\n", @a); printa("ret %@d\n", @r); }')
[ "$out" = "$(printf '48\nmain\nf 7\nargs 21\nret 6')" ] ||
	{ echo "got '$out'"; exit 1; }

# pid probes fire in the target only: another run of prog is not counted
"$d/prog" >/dev/null
out=$("$DTRACE" -q -c "$d/prog" -n 'pid$target::f:entry { @ = count(); }
	END { printa("%@d\n", @); }' | sed 1d)
[ "$out" = 7 ] || { echo "got '$out'"; exit 1; }

# an offset into the function: its first instruction is offset 0
out=$("$DTRACE" -q -c "$d/prog" -n 'pid$target::g:0 { @ = count(); }
	END { printa("%@d\n", @); }' | sed 1d)
[ "$out" = 3 ] || { echo "got '$out'"; exit 1; }

# uregs[] are the saved registers: rdi (word 14 of pt_regs) is arg0
out=$("$DTRACE" -q -c "$d/prog" -n 'pid$target::f:entry /uregs[14] == arg0/
	{ @ = count(); } END { printa("%@d\n", @); }' | sed 1d)
[ "$out" = 7 ] || { echo "got '$out'"; exit 1; }

# every function of libc at once: enabled, fired, torn down
out=$("$DTRACE" -q -c "$d/prog" -n 'pid$target:libc.so.6::entry,
	pid$target:libc.so.6::return { @[probename] = count(); }
	END { printa("%s %@d\n", @); }' | sed 1d | grep -c '^[a-z]* [1-9]')
[ "$out" = 2 ] || { echo "got '$out'"; exit 1; }

# -l lists the sites, named by the executable's basename
out=$("$DTRACE" -l -n 'pid$target:prog:[fg]:' -c "$d/prog")
printf '%s\n' "$out" | grep -Eq '^ *[0-9]+ +pid[0-9]+ +prog +f +entry$' || { echo "$out"; exit 1; }
[ "$(printf '%s\n' "$out" | sed 1d | wc -l)" = 4 ] || { echo "$out"; exit 1; }
# a process that does not exist
st=0
err=$("$DTRACE" -n 'pid999999999:::entry' 2>&1) || st=$?
[ $st != 0 ] || { echo "$err"; exit 1; }
