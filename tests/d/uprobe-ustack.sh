#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Stacks aggregated from a system-wide uprobe in processes that are not
# the target keep their names after those processes exit: their maps
# are read when their records arrive.
set -eu
. ./uprobe-lib.bash
d=$(mktemp -d /tmp/ust.XXXXXX)
trap 'rm -rf "$d"' EXIT
printf 'int libfn(int x) { return x + 1; }\n' >"$d/lib.c"
cat >"$d/prog.c" <<'C'
#include <stdlib.h>
#include <unistd.h>
int libfn(int x);
__attribute__((noinline)) int caller(int x) { return libfn(x) + 1; }
int main(int argc, char **argv)
{
	int s = caller(atoi(argv[1]));

	usleep(500000);	/* alive while dtrace reads the record */
	return s < 0;
}
C
gcc -O1 -fno-omit-frame-pointer -shared -fPIC -o "$d/libust.so" "$d/lib.c"
gcc -O1 -fno-omit-frame-pointer -o "$d/prog" "$d/prog.c" -L"$d" -lust \
	-Wl,-rpath,"$d"

dt_start "$d" -q -x switchrate=20hz -n "BEGIN { printf(\"ready\\n\"); }
	uprobe:$d/libust.so:libfn:entry { @[ustack(3)] = count(); }
	uprobe:$d/libust.so:libfn:entry /arg0 == 99/ { exit(0); }"
"$d/prog" 1
"$d/prog" 1
"$d/prog" 99
wait $dt
got=$(sed 1d "$d/out" | grep -v '^$' | sed -e 's/^ *//' -e 's/+0x[0-9a-f]*$/+OFF/')
# a key per process: the pid is part of a ustack( ) key
one='libust.so`libfn
prog`caller+OFF
prog`main+OFF
1'
exp=$(printf '%s\n%s\n%s' "$one" "$one" "$one")
[ "$got" = "$exp" ] || { echo "got '$got'"; cat "$d/out" "$d/err"; exit 1; }
