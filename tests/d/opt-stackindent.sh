#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# -x stackindent=N: stack( )'s frames, and a stack key's, indented N
# columns instead of 14, as DTrace indents them.
set -eu
check() { # INDENT OUTPUT: every frame line indented INDENT, some
	local frames lines bad
	frames=$(grep -E '`|\+0x|^ *0x[0-9a-f]+$' <<<"$2" || true)
	lines=$(grep -c . <<<"$frames" || true)
	bad=$(grep -Evc "^ {$1}[^ ]" <<<"$frames" || true)
	[ "$lines" -ge 2 ] && [ "$bad" = 0 ] ||
		{ echo "indent $1: $lines frames, $bad otherwise:"; echo "$2";
		  exit 1; }
}
check 14 "$("$DTRACE" -q -n 'BEGIN { stack(); exit(0); }')"
check 4 "$("$DTRACE" -q -x stackindent=4 -n 'BEGIN { stack(); exit(0); }')"
check 0 "$("$DTRACE" -q -x stackindent=0 -n 'BEGIN { stack(); exit(0); }')"
check 2 "$("$DTRACE" -q -n '#pragma D option stackindent=2
	BEGIN { @[stack()] = count(); exit(0); }')"
set +e
err=$("$DTRACE" -q -x stackindent=x -n 'BEGIN { exit(0); }' 2>&1)
rc=$?
set -e
[ "$rc" = 1 ] && [ "$err" = "dtrace: failed to set -x stackindent: Invalid value for specified option" ] ||
	{ echo "stackindent=x: status $rc, '$err'"; exit 1; }
