#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# A clause has no fixed limit on its actions: DTrace bounds a clause only
# by its size (and here, a firing by its budget). 320 printf() actions,
# then an if block whose guard is past the 256th action (the module kept
# 256 guards' bits on the stack, and the compiler refused a 257th action).
set -u
script=$TMPDIR/many.d
{
	printf '#pragma D option quiet\nBEGIN\n{\n'
	for ((i = 0; i < 320; i++)); do
		printf '\tprintf("%%d", ++n %% 10);\n'
		[ $((i % 40)) = 39 ] && printf '\tprintf("\\n");\n'
	done
	printf '\tif (n == 320) {\n\t\tprintf("%%d actions ran\\n", n);\n\t}\n'
	printf '\texit(0);\n}\n'
} > "$script"
out=$("$DTRACE" -s "$script") || { echo "status $?"; exit 1; }
line=1234567890123456789012345678901234567890
want=$(printf '%s\n' $line $line $line $line $line $line $line $line \
	'320 actions ran')
[ "$out" = "$want" ] || { printf 'got:\n%s\nwant:\n%s\n' "$out" "$want"; exit 1; }
