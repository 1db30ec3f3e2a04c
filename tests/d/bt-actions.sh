#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# time(), strftime() in printf, system() only with --unsafe, and join()
# of a user array (uprobe on a program's main: argv is arg1).
set -eu
. ./bt-lib.inc
y=$(date +%Y)
out=$(bt_run -e 'BEGIN { time("%Y\n"); printf("[%s]\n", strftime("%Y", nsecs)); exit(); }')
[ "$out" = "$y
[$y]" ] || { echo "got: $out"; exit 1; }
out=$(bt_run --unsafe -e 'BEGIN { system("echo hi %d", 6 * 7); exit(); }')
[ "$out" = "hi 42" ] || { echo "got: $out"; exit 1; }
if bt_run -e 'BEGIN { system("echo no"); exit(); }' >/dev/null 2>&1; then
	echo "system() ran without --unsafe"
	exit 1
fi
d=${TMPDIR:-/tmp}
printf 'int main(int argc, char **argv) { return argc > 9 && argv; }\n' >"$d/m.c"
cc -O0 -o "$d/m" "$d/m.c"
cd "$d"
out=$(bt_run -c './m a1 b2' -e 'uprobe:./m:main { join(arg1); join(arg1, ","); }')
[ "$out" = "./m a1 b2
./m,a1,b2" ] || { echo "got: $out"; exit 1; }
# with -c, uprobes fire in that process only (dtrace mallocs too)
out=$(bt_run -c 'ls /' -e 'uprobe:libc:malloc { @[comm] = count(); }' | grep -v '^[a-z]*$' || true)
printf '%s\n' "$out" | grep -Eq '(^@\[ls\]: |^  ls +)[0-9]+$' || { echo "got: $out"; exit 1; }
printf '%s\n' "$out" | grep -q dtrace && { echo "got: $out"; exit 1; }
exit 0
