#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# ufunc( ), usym( ), uaddr( ), umod( ) of a pid entry probe's PC: as
# actions, as printf( )'s %A, and as aggregation keys printed (text and
# JSON) after the process has exited (its maps are kept); an address no
# mapping covers prints in hex. Each records the pid and the address as
# two words, so a process numbered above 2^17 (Debian's pid_max is
# 4194304) is named too: the last part makes one, through ns_last_pid.
set -eu
d=${TMPDIR:-/tmp}
cat >"$d/ufn.c" <<'C'
__attribute__((noinline)) int leaf(int x) { return x + 1; }
int main(void)
{
	int i, s = 0;

	for (i = 0; i < 3; i++)
		s += leaf(i);
	return s < 0;
}
C
gcc -O1 -o "$d/ufn" "$d/ufn.c"
prog='pid$target:a.out:leaf:entry
{
	printf("[");
	ufunc(uregs[R_PC]); usym(uregs[R_PC]); uaddr(uregs[R_PC]);
	uaddr(uregs[R_PC] + 2); umod(uregs[R_PC]); uaddr(0x10); umod(0x10);
	printf("|%A|%A|%d]\n", uaddr(uregs[R_PC] + 1), ufunc(uregs[R_PC]),
	    pid > 131071);
	@f[ufunc(uregs[R_PC])] = count();
	@m[umod(uregs[R_PC]), uaddr(uregs[R_PC] + 1)] = count();
	@g[ufunc(uregs[R_PC] + arg0 % 2)] = count();
}
END { printa(@f); printa(@m); printa("g %A %@d\n", @g); }'

# check OUT BIG: the three firings and both aggregations' keys; BIG is
# printf's pid > 131071 (0 or 1; X: either)
check() {
	local out=$1 big=$2 n
	local want="[ufn\`leafufn\`leafufn\`leafufn\`leaf+0x2ufn0x100x10|ufn\`leaf+0x1|ufn\`leaf|$big]"

	# (-q or not, a symbol prints in its column: no blanks in these)
	n=$(printf '%s\n' "$out" | tr -d ' ' |
		if [ "$big" = X ]; then sed 's/|[01]]$/|X]/'; else cat; fi |
		grep -cxF "$want") || true
	[ "$n" = 3 ] || { echo "actions: got '$out'"; exit 1; }
	printf '%s\n' "$out" | grep -qE '^ +ufn`leaf +3$' ||
		{ echo "ufunc key: got '$out'"; exit 1; }
	printf '%s\n' "$out" | grep -qE '^ +ufn +ufn`leaf\+0x1 +3$' ||
		{ echo "umod, uaddr keys: got '$out'"; exit 1; }
	# two PCs of leaf: one ufunc( ) key, as in illumos
	printf '%s\n' "$out" | grep -qxF 'g ufn`leaf 3' ||
		{ echo "ufunc key of two PCs: got '$out'"; exit 1; }
}

out=$("$DTRACE" -q -c "$d/ufn" -n "$prog")
check "$out" X

# not quiet: the columns of func( ) and sym( ), and printa's default
out=$("$DTRACE" -c "$d/ufn" -n 'pid$target:a.out:leaf:entry
{ ufunc(uregs[R_PC]); @[usym(uregs[R_PC])] = count(); }')
n=$(printf '%s\n' "$out" | grep -cE ' leaf:entry +ufn`leaf {42}$') || true
[ "$n" = 3 ] || { echo "columns: got '$out'"; exit 1; }
printf '%s\n' "$out" | grep -qE '^ +ufn`leaf +3$' ||
	{ echo "printa: got '$out'"; exit 1; }

# JSON: the keys named, the trace too
out=$("$DTRACE" -x oformat=json -c "$d/ufn" -n 'pid$target:a.out:leaf:entry
{ trace(umod(uregs[R_PC])); @[ufunc(uregs[R_PC])] = count(); }')
n=$(printf '%s\n' "$out" | grep -cF '{"trace":"ufn"}') || true
[ "$n" = 3 ] || { echo "json trace: got '$out'"; exit 1; }
printf '%s\n' "$out" | grep -qF '{"keys":["ufn`leaf"],"value":3}' ||
	{ echo "json keys: got '$out'"; exit 1; }

# A pid above 2^17: the next pids from 4000000 on (pid_max raised as
# Debian's systemd raises it), restored after.
lp=/proc/sys/kernel/ns_last_pid pm=/proc/sys/kernel/pid_max
if ! [ -w "$lp" ] || ! [ -w "$pm" ]; then
	echo "no $lp to make a pid above 131071"
	exit 77
fi
oldmax=$(cat "$pm")
trap 'echo "$oldmax" >"$pm"' EXIT
[ "$oldmax" -ge 4194304 ] || echo 4194304 >"$pm"
echo 3999990 >"$lp"
out=$("$DTRACE" -q -c "$d/ufn" -n "$prog")
check "$out" 1
