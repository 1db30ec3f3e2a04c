#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# config = { missing_probes = ... } (bpftrace 0.21 on; Debian 13's and
# forky's tools set ignore): a kprobe whose function does not exist is
# skipped with bpftrace's WARNING (warn, the default), silently
# (ignore), or stops the program (error).
set -eu
. ./bt-lib.inc
fail() { echo "$*"; exit 1; }
prog='kprobe:vfs_read, kprobe:no_such_fn_bt_missing { @n = count(); }
BEGIN { printf("ran\n"); exit(); }'
warning="WARNING: could not attach probe fbt::no_such_fn_bt_missing:entry, skipping."
for how in warn ignore; do
	"$DTRACE" --bpftrace -e "config = { missing_probes = $how }
$prog" >"$TMPDIR/out" 2>"$TMPDIR/err" ||
		{ cat "$TMPDIR/out" "$TMPDIR/err"; fail "$how: failed"; }
	grep -qx ran "$TMPDIR/out" || { cat "$TMPDIR/out"; fail "$how: no output"; }
	want=
	[ $how = warn ] && want=$warning
	# without 0.24's "Attached N probes", on stderr too
	[ "$(bt_noattach <"$TMPDIR/err")" = "$want" ] ||
		{ cat "$TMPDIR/err"; fail "$how: stderr is not '$want'"; }
done
st=0
"$DTRACE" --bpftrace -e "config = { missing_probes = error }
$prog" >"$TMPDIR/out" 2>"$TMPDIR/err" || st=$?
[ "$st" != 0 ] || { cat "$TMPDIR/out"; fail "error: the program ran"; }
grep -q 'no_such_fn_bt_missing:entry does not match any probes' "$TMPDIR/err" ||
	{ cat "$TMPDIR/err"; fail "error: not the error"; }
! grep -q ran "$TMPDIR/out" || fail "error: BEGIN ran"
