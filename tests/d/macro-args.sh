#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# $N are the operands after the options: integers, names, or strings
# with $$N; $0 is the script's name. In probe descriptions too.
set -eu
out=$("$DTRACE" -qn 'dtrace:::$3 { printf("%d %s %s\n", $1 + 1, $$2, probename); exit(0); }' \
	41 hello BEGIN)
[ "$out" = "42 hello BEGIN" ] || { echo "got '$out'"; exit 1; }
f=${TMPDIR:-/tmp}/macro-args.d
printf 'BEGIN { printf("%%s %%d\\n", $$0, $1); exit(0); }\n' >"$f"
out=$("$DTRACE" -q -s "$f" 7)
[ "$out" = "$f 7" ] || { echo "got '$out'"; exit 1; }
# an unset argument is an error unless -x defaultargs
if "$DTRACE" -qn 'BEGIN { trace($1); exit(0); }' 2>/dev/null; then exit 1; fi
out=$("$DTRACE" -x defaultargs -qn 'BEGIN { printf("%d", $1); exit(0); }')
[ "$out" = "0" ] || { echo "got '$out'"; exit 1; }
