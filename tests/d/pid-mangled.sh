#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Mangled names (D's, as ldc emits them) work as written, a glob over
# them enables every match, and -l lists them.
set -eu
d=${TMPDIR:-/tmp}
cat >"$d/mangled.c" <<'C'
__attribute__((noinline)) int full(int x)
	__asm__("_D2gc4impl12conservativeQw3Gcx11fullcollectMFNbbZm");
__attribute__((noinline)) int full(int x) { return x + 1; }
__attribute__((noinline)) int small(int x) __asm__("_D2gc4impl5smallFiZi");
__attribute__((noinline)) int small(int x) { return x + 2; }
__attribute__((noinline)) int dmain(int x) __asm__("_Dmain");
__attribute__((noinline)) int dmain(int x) { return full(x) + small(x); }
int main(int argc, char **argv)
{
	(void)argv;
	return dmain(argc) + full(argc) < 0;
}
C
gcc -O1 -o "$d/mangled" "$d/mangled.c"
out=$("$DTRACE" -q -c "$d/mangled" -n '
pid$target:a.out:_Dmain:entry { @m = count(); }
pid$target:a.out:_D2gc4impl12conservativeQw3Gcx11fullcollectMFNbbZm:entry
{ @f = count(); }
pid$target:a.out:_D2gc*:entry { @g[probefunc] = count(); }
END { printa("main %@d\n", @m); printa("full %@d\n", @f);
	printa("%s %@d\n", @g); }')
[ "$out" = "$(printf 'main 1\nfull 2\n_D2gc4impl5smallFiZi 1\n_D2gc4impl12conservativeQw3Gcx11fullcollectMFNbbZm 2')" ] ||
	{ echo "got '$out'"; exit 1; }
out=$("$DTRACE" -l -n 'pid$target:::entry' -c "$d/mangled")
for f in _Dmain _D2gc4impl5smallFiZi \
	_D2gc4impl12conservativeQw3Gcx11fullcollectMFNbbZm malloc; do
	printf '%s\n' "$out" | grep -Eq " $f +entry\$" || { echo "no $f"; exit 1; }
done
