#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# -l lists probes in DTrace's columns; -P, -n and globs select them.
set -eu
out=$("$DTRACE" -l -P dtrace)
[ "$(printf '%s\n' "$out" | sed -n 1p)" = "   ID   PROVIDER            MODULE                          FUNCTION NAME" ]
for n in BEGIN END ERROR; do
	printf '%s\n' "$out" | grep -Eq "^ +[0-9]+ +dtrace +$n\$" || { echo "$out"; exit 1; }
done
[ "$("$DTRACE" -l -n 'dtrace:::E*' | wc -l)" = 3 ]
st=0
"$DTRACE" -l -n 'nosuch:::' 2>/dev/null || st=$?
[ $st = 1 ]
# One description that matches nothing: said in DTrace's words, the
# others still listed, and the exit status 1.
st=0
out=$("$DTRACE" -l -n 'nosuch:::' -n 'dtrace:::BEGIN' 2>"$TMPDIR/err") || st=$?
[ $st = 1 ]
[ "$(cat "$TMPDIR/err")" = "dtrace: failed to match nosuch:::: No probe matches description" ] ||
	{ cat "$TMPDIR/err"; exit 1; }
[ "$(printf '%s\n' "$out" | wc -l)" = 2 ] || { echo "$out"; exit 1; }
printf '%s\n' "$out" | grep -Eq '^ +[0-9]+ +dtrace +BEGIN$' || { echo "$out"; exit 1; }
