#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# uprobe:PATH:FUNC:entry fires in every process that maps the library,
# including processes started after tracing began; arguments and return
# values (the last call exits before its return fires).
set -eu
. ./uprobe-lib.bash
d=$(mktemp -d /tmp/upr.XXXXXX)	# a short path: the module field holds it
trap 'rm -rf "$d"' EXIT
printf 'int libfn(int x) { return x + 1; }\n' >"$d/lib.c"
cat >"$d/prog.c" <<'C'
#include <stdlib.h>
int libfn(int x);
int main(int argc, char **argv)
{
	int i, n = atoi(argv[2]), s = 0;

	for (i = 0; i < n; i++)
		s += libfn(atoi(argv[1]));
	return s < 0;
}
C
gcc -O1 -shared -fPIC -o "$d/libupr.so" "$d/lib.c"
gcc -O1 -o "$d/prog" "$d/prog.c" -L"$d" -lupr -Wl,-rpath,"$d"

dt_start "$d" -q -n "BEGIN { printf(\"ready\\n\"); }
	uprobe:$d/libupr.so:libfn:entry { @[arg0] = count(); }
	uprobe:$d/libupr.so:libfn:entry /arg0 == 99/ { exit(0); }
	uprobe:$d/libupr.so:libfn:return { @r = sum(arg1); }
	END { printa(\"%d %@d\\n\", @); printa(\"ret %@d\\n\", @r); }"
"$d/prog" 1 5
"$d/prog" 2 7
"$d/prog" 99 1
wait $dt
out=$(grep -v '^$' "$d/out" | sed 1d)
[ "$out" = "$(printf '99 1\n1 5\n2 7\nret 31')" ] ||
	{ echo "got '$out'"; cat "$d/err"; exit 1; }

# -l with the path form lists the library's functions
out=$("$DTRACE" -l -n "uprobe:$d/libupr.so:libfn:")
[ "$(printf '%s\n' "$out" | grep -c " libfn ")" = 2 ] || { echo "$out"; exit 1; }
# a relative path is refused in words
st=0
err=$("$DTRACE" -l -n 'uprobe:libupr.so:libfn:entry' 2>&1) || st=$?
[ $st != 0 ] && printf '%s\n' "$err" | grep -q 'absolute path' ||
	{ echo "$err"; exit 1; }
