#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# -x droptags: each drop report starts with DTrace's tag for its kind
# (illumos' dt_droptag() names: DTRACEDROP_PRINCIPAL, _AGGREGATION,
# _DYNAMIC, _SPEC), then the sentence DTrace prints without it.
set -eu
err=$TMPDIR/err
p='printf("%s %s %s %s %s %s %s %s\n", probename, probename, probename,
	probename, probename, probename, probename, probename);'
"$DTRACE" -q -x droptags -b 4k -n "BEGIN { $p }" -n "BEGIN { $p }" \
	-n 'BEGIN { exit(0); }' >/dev/null 2>"$err"
grep -Eqx 'dtrace: \[DTRACEDROP_PRINCIPAL\] 1 drop on CPU [0-9]+' "$err" ||
	{ echo principal; cat "$err"; exit 1; }
"$DTRACE" -q -x droptags -x aggsize=8 -n '
	BEGIN { @a[1] = count(); @a[2] = count(); @a[3] = count(); exit(0); }' \
	>/dev/null 2>"$err"
grep -Eq '^dtrace: \[DTRACEDROP_AGGREGATION\] [0-9]+ aggregation drops? on CPU [0-9]+$' \
	"$err" || { echo aggregation; cat "$err"; exit 1; }
"$DTRACE" -q -x droptags -x dynvarsize=8 -n '
	BEGIN { a[1] = 1; a[2] = 2; a[3] = 3; a[4] = 4; exit(0); }' \
	>/dev/null 2>"$err"
grep -Eq '^dtrace: \[DTRACEDROP_DYNAMIC\] [0-9]+ dynamic variable drops?$' \
	"$err" || { echo dynamic; cat "$err"; exit 1; }
"$DTRACE" -q -x droptags -x specsize=24 -x nspec=1 -n '
	BEGIN { s = speculation(); }
	BEGIN { speculate(s); printf("%d %d\n", 1, 2); }
	BEGIN { commit(s); }
	BEGIN { exit(0); }' >/dev/null 2>"$err"
grep -qx 'dtrace: \[DTRACEDROP_SPEC\] 1 speculative drop' "$err" ||
	{ echo spec; cat "$err"; exit 1; }
# without it, the sentence alone, as before
"$DTRACE" -q -b 4k -n "BEGIN { $p }" -n "BEGIN { $p }" \
	-n 'BEGIN { exit(0); }' >/dev/null 2>"$err"
grep -Eqx 'dtrace: 1 drop on CPU [0-9]+' "$err" || { cat "$err"; exit 1; }
