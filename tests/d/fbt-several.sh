#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Several fbt descriptions in one program (four functions and a glob;
# then bpftrace's kprobes, which lower to fbt): every one fires, and
# ftrace's function list and kallsyms are read once for all of them,
# not once a description.
set -eu
fail() { echo "$1"; exit 1; }
# opens FILE: how many times the traced run opened a path matching RE
opens() { grep -c "$1" "$TMPDIR/trace" || true; }

# A module loaded now moves the generation on: whatever earlier tests
# offered, the module no longer holds every function, so we must read.
lsmod | grep -q '^dummy ' && rmmod dummy
modprobe dummy
trap 'rmmod dummy' EXIT

# A description that matches nothing is still named in the error as
# it was when each description read the lists itself.
printf 'fbt::vfs_read:entry,\nfbt::no_such_fn_fbt_several:entry,\nfbt::d_alloc:entry\n{\n}\n' \
	>"$TMPDIR/nomatch.d"
st=0
(cd "$TMPDIR" && "$DTRACE" -q -s nomatch.d) >"$TMPDIR/out" 2>&1 || st=$?
[ "$st" = 1 ] || { cat "$TMPDIR/out"; fail "nomatch.d: status $st"; }
want="dtrace: failed to compile script nomatch.d: line 2: probe description fbt::no_such_fn_fbt_several:entry does not match any probes"
[ "$(cat "$TMPDIR/out")" = "$want" ] ||
	{ cat "$TMPDIR/out"; fail "nomatch.d: not the error"; }
"$DTRACE" --bpftrace -e 'kprobe:vfs_read, kprobe:no_such_fn_fbt_several,
	kprobe:d_alloc { @n = count(); } BEGIN { exit(); }' >"$TMPDIR/out" 2>"$TMPDIR/err" ||
	{ cat "$TMPDIR/out" "$TMPDIR/err"; fail "bpftrace with a missing kprobe failed"; }
want="WARNING: could not attach probe fbt::no_such_fn_fbt_several:entry, skipping."
[ "$(cat "$TMPDIR/err")" = "$want" ] ||
	{ cat "$TMPDIR/err"; fail "bpftrace: not the warning"; }

# -c splits its command on blanks: the work is a script. strace has no
# -f: dtrace must be the one to control its child.
cat >"$TMPDIR/work.sh" <<END
mkdir $TMPDIR/d; echo x >$TMPDIR/d/f; cat $TMPDIR/d/f; rm -r $TMPDIR/d
END
work="sh $TMPDIR/work.sh"
# fires_once WHAT LINE MODE PROGOPT PROG: the program run under strace
# on the work; each function's LINE (F standing for it) has a count
# above zero, and each list was opened once.
fires_once() {
	local what=$1 line=$2 f
	strace -e trace=openat -o "$TMPDIR/trace" "$DTRACE" "$3" -c "$work" \
		"$4" "$5" >"$TMPDIR/out" 2>&1 ||
		{ cat "$TMPDIR/out"; fail "$what failed"; }
	for f in vfs_read vfs_write d_lookup d_alloc vfs_mkdir; do
		grep -qE "^${line//F/$f} [1-9][0-9]*$" "$TMPDIR/out" ||
			{ cat "$TMPDIR/out"; fail "$what: $f did not fire"; }
	done
	[ "$(opens /proc/kallsyms)" -eq 1 ] ||
		fail "$what: kallsyms opened $(opens /proc/kallsyms) times"
	[ "$(opens available_filter_functions)" -eq 1 ] ||
		fail "$what: ftrace's list opened $(opens available_filter_functions) times"
}

fires_once dtrace 'fbt::F:entry' -q -n \
	'fbt::vfs_read:entry, fbt::vfs_write:entry, fbt::d_lookup:entry,
	 fbt::d_alloc:entry, fbt::vfs_*:entry
	 { @[probeprov, probefunc, probename] = count(); }
	 END { printa("%s::%s:%s %@d\n", @); }'
fires_once bpftrace '@\[kprobe:F\]:' --bpftrace -e \
	'kprobe:vfs_read, kprobe:vfs_write, kprobe:d_lookup, kprobe:d_alloc,
	 kprobe:vfs_mkd* { @[probe] = count(); }'
