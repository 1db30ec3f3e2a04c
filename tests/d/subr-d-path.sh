#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# d_path(), as Oracle's DTrace for Linux has it: a struct path's name
# from the process's root (a lock-free walk, not the kernel's d_path(),
# which takes locks); "<unknown>" for a NULL path. The path of the file
# a read(2) reads, through getf(), and through fbt's typed argument.
set -eu
mkdir -p "$TMPDIR/dp/a/b"
d=$(realpath "$TMPDIR/dp/a/b")
printf '0123456789' >"$d/f.txt"
out=$("$DTRACE" -q -c "dd if=$d/f.txt of=/dev/null bs=4 status=none" -n '
syscall::read:entry /pid == $target && getf(arg0) != NULL &&
    basename(d_path(&getf(arg0)->f_path)) == "f.txt" && !a++/ {
	printf("getf|%s|%s\n", d_path(&getf(arg0)->f_path), d_path(NULL));
}
fbt::vfs_read:entry /pid == $target &&
    basename(d_path(&args[0]->f_path)) == "f.txt" && !b++/ {
	printf("fbt|%s\n", d_path(&args[0]->f_path));
}')
want="fbt|$d/f.txt
getf|$d/f.txt|<unknown>"
[ "$(printf '%s\n' "$out" | sort)" = "$want" ] ||
	{ echo "want:"; echo "$want"; echo "got:"; printf '%s\n' "$out"; exit 1; }
# a path that is not a struct path * is refused at compile time
err=$("$DTRACE" -e -n 'BEGIN { trace(d_path(1, 2)); }' 2>&1) && exit 1
grep -qF 'd_path( ) prototype mismatch: 2 args passed, 1 expected' <<<"$err" ||
	{ echo "$err"; exit 1; }
