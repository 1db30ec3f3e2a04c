#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# copyout( ) and copyoutstr( ) write into the process that fired the
# probe, only with -w; panic( ) and breakpoint( ) compile and are then
# refused when enabled.
set -eu
err=${TMPDIR:-/tmp}/subr-copyout.err

# echo's buffer is rewritten before write(2) reads it
out=$("$DTRACE" -qw -c '/bin/echo hello' -n 'syscall::write:entry
	/pid == $target/ { copyoutstr("HELLO", arg1, 5); }' 2>"$err") ||
	{ cat "$err"; exit 1; }
[ "$out" = HELLO ] || { echo "copyoutstr: got '$out'"; cat "$err"; exit 1; }
out=$("$DTRACE" -qw -c '/bin/echo hello' -n 'syscall::write:entry
	/pid == $target/ { this->p = (uint64_t *)alloca(8);
	*this->p = 0x4f4c4c4548; copyout(this->p, arg1, 4); }' 2>"$err") ||
	{ cat "$err"; exit 1; }
[ "$out" = HELLo ] || { echo "copyout: got '$out'"; cat "$err"; exit 1; }

# to an address the process has not mapped: an error, the process lives
out=$("$DTRACE" -qw -c '/bin/echo hello' -n 'syscall::write:entry
	/pid == $target/ { copyoutstr("x", 8, 2); }' 2>"$err") || true
[ "$out" = hello ] || { echo "bad address: got '$out'"; cat "$err"; exit 1; }
grep -q 'invalid address (0x8) in ' "$err" || { cat "$err"; exit 1; }

# without -w: refused when enabling
st=0
"$DTRACE" -n 'BEGIN { copyoutstr("x", 0, 1); }' >/dev/null 2>"$err" || st=$?
[ $st = 1 ] && grep -qx "dtrace: failed to enable ':::BEGIN': destructive actions not allowed" "$err" ||
	{ cat "$err"; exit 1; }

# panic( ), breakpoint( ): checked, then refused, even with -w
for f in panic breakpoint; do
	st=0
	"$DTRACE" -w -n "BEGIN { $f(); }" >/dev/null 2>"$err" || st=$?
	[ $st = 1 ] && grep -qx "dtrace: failed to enable ':::BEGIN': $f( ) is not supported: this DTrace does not halt or trap the kernel" "$err" ||
		{ cat "$err"; exit 1; }
done
