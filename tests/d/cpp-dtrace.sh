#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# -C as DTrace runs cpp: a failure is "Preprocessor failed" after cpp's
# own message, the script may be standard input, and the compiler's name
# (__GNUC__ ...) is not defined, D being no GNU C.
set -u
d=${TMPDIR:-/tmp}
printf 'BEGIN\n{\n#if\n\texit(0);\n}\n' >"$d/bad.d"
err=$(cd "$d" && "$DTRACE" -C -q -s bad.d 2>&1 >/dev/null)
st=$?
[ $st = 1 ] || { echo "status $st"; exit 1; }
last=$(printf '%s\n' "$err" | tail -n 1)
[ "$last" = "dtrace: failed to compile script bad.d: Preprocessor failed to process input program" ] ||
	{ echo "got '$err'"; exit 1; }
printf '%s\n' "$err" | grep -q '^bad.d:3:.*#if with no expression' ||
	{ echo "no cpp message in '$err'"; exit 1; }
out=$(printf '%s\n' '#define V 5' \
	'#if defined(__GNUC__) || defined(__GNUC_MINOR__) || defined(__VERSION__)' \
	'#define WHO "gnu"' '#elif defined(__SVR4) && defined(__SUNW_D)' \
	'#define WHO "d"' '#endif' \
	'BEGIN { printf("%d %s\n", V, WHO); exit(0); }' |
	"$DTRACE" -C -q -s /dev/stdin) || exit 1
[ "$out" = "5 d" ] || { echo "got '$out'"; exit 1; }
exit 0
