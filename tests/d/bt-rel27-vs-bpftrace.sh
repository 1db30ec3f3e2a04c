#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# bpftrace 0.27's compile-time checks and map printing, beside the
# bpftrace installed (a skip before 0.27; dtrace prints as it through
# DTRACE_BTRELEASE, bt-lib.inc):
#  - a $x used after the block that first assigned it is refused with
#    the same message, columns and exit status (the underline compared
#    with ^ made ~: dtrace starts it with a caret);
#  - "Return value discarded." on stdout, the same bytes, with
#    --dry-run (with "expanded from" for a clause of two attach points);
#  - plain maps printed at exit and by print( ), and print( ) of an
#    emptied plain map printing nothing: the same lines (0.27's order of
#    such maps changes from run to run: bt_unordered, bt-lib.inc).
set -eu
command -v bpftrace >/dev/null || { echo "bpftrace missing: tests/install-deps.sh installs it"; exit 1; }
. ./bt-lib.inc
[ "$(bt_rel)" -ge 27 ] || skip "bpftrace 0.$(bt_rel) is older than 0.27"
d=${TMPDIR:-/tmp}
fail=0

# bpftrace's own stderr notes about the host, not the program
bt_hostnotes() {
	grep -v -e 'RLIMIT_MEMLOCK' -e 'available_filter_functions' || true
}

refused=(
'BEGIN { { let $q = 1; } print($q); }'
'BEGIN { if (1) { $y = 1; } print($y); }'
'BEGIN { if (1) { let $y = 1; } print($y); }'
'BEGIN { if (1) { $y = 1; } else { $y = 2; } print($y); }'
'BEGIN { for ($i : 0..2) { } print($i); }'
'BEGIN { $x = $x + 1; }'
'BEGIN { if (1) { $y = 1; } if ($y) { } }'
)
for p in "${refused[@]}"; do
	set +e
	bpftrace --dry-run -e "$p" >"$d/bt.out" 2>"$d/bt.err"
	brc=$?
	"$DTRACE" --bpftrace --dry-run -e "$p" >"$d/dt.out" 2>"$d/dt.err"
	drc=$?
	set -e
	bt_hostnotes <"$d/bt.err" >"$d/bt.err2"
	sed 's/^\( *\)\^/\1~/' "$d/dt.err" >"$d/dt.err2"
	if [ "$brc" != "$drc" ] || ! diff -u "$d/bt.err2" "$d/dt.err2" ||
	   ! diff -u "$d/bt.out" "$d/dt.out"; then
		echo "refused ($brc, $drc): $p"
		fail=1
	fi
done

warned=(
'BEGIN { @a[1] = 1; delete(@a[1]); }'
'BEGIN { delete(@a, tid); @a[1] = 1; }'
'BEGIN { @a[1] = 1; if (1) { delete(@a[1]) } }'
'BEGIN { @a[1] = 1; has_key(@a, 1); len(@a); }'
'BEGIN { @a[1] = 1; _ = delete(@a[1]); }'
'BEGIN, END /pid/ { @a[1] = 1; delete(@a[1]); }'
'BEGIN { $x = 1; { $x = 2; } let $z; if (1) { $z = 1; } print($x + $z); }'
)
for p in "${warned[@]}"; do
	bpftrace --dry-run -e "$p" >"$d/bt.out" 2>/dev/null
	"$DTRACE" --bpftrace --dry-run -e "$p" >"$d/dt.out"
	diff -u "$d/bt.out" "$d/dt.out" || { echo "warned: $p"; fail=1; }
done

printed=(
'BEGIN { @i[5] = 30; @i[-2] = 10; @i[7] = 20; @s["b"] = "x"; @s["a"] = "y"; @x = 42; exit(); }'
'BEGIN { @i[5] = 30; @i[2] = 10; @i[7] = 20; print(@i); @e[1] = 1; _ = delete(@e, 1); print(@e); exit(); }'
)
for p in "${printed[@]}"; do
	bpftrace -e "$p" 2>/dev/null | bt_noattach | bt_unordered text \
		>"$d/bt.out"
	bt_run -e "$p" 2>/dev/null | bt_unordered text >"$d/dt.out"
	diff -u "$d/bt.out" "$d/dt.out" || { echo "printed: $p"; fail=1; }
done
exit $fail
