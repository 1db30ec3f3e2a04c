#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# getf(), as illumos' subroutine: a read(2)'s descriptor gives that
# process's struct file (its name and position); a descriptor that is
# not open, or out of range, gives NULL; a wrong call is refused with
# DTrace's words.
set -eu
f=$TMPDIR/g.txt
printf '0123456789' >"$f"
out=$("$DTRACE" -q -c "dd if=$f of=/dev/null bs=4 skip=1 count=1" -n '
syscall::read:entry /pid == $target/ { this->f = getf(arg0); }
syscall::read:entry /pid == $target && this->f != NULL &&
    stringof(this->f->f_path.dentry->d_name.name) == "g.txt"/ {
	printf("pos %d\n", this->f->f_pos);
}
syscall::read:entry /pid == $target && !done++/ {
	printf("closed %d %d\n", getf(1000) == NULL, getf(-1) == NULL);
}')
[ "$(printf '%s\n' "$out" | grep -c '^pos 4$')" = 1 ] &&
	[ "$(printf '%s\n' "$out" | grep -cx 'closed 1 1')" = 1 ] ||
	{ echo "got:"; printf '%s\n' "$out"; exit 1; }
err=$("$DTRACE" -n 'BEGIN { trace(getf(1, 2)); }' 2>&1) && exit 1
[ "$err" = "dtrace: invalid probe specifier BEGIN { trace(getf(1, 2)); }: in action list: getf( ) prototype mismatch: 2 args passed, 1 expected" ] ||
	{ echo "wrong call: $err"; exit 1; }
