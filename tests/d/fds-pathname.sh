#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# fds[], as illumos' io.d defines it: a read(2)'s descriptor gives the
# file's path, name, directory, filesystem and offset; a descriptor that
# is not open gives "<none>" and an offset of -1, not an error.
set -eu
mkdir -p "$TMPDIR/fds/a/b"
d=$(realpath "$TMPDIR/fds/a/b")
printf '0123456789' >"$d/c.txt"
out=$("$DTRACE" -q -c "dd if=$d/c.txt of=/dev/null bs=4 skip=1" -n '
syscall::read:entry /pid == $target && fds[arg0].fi_name == "c.txt"/ {
	printf("%s|%s|%s|%s|%d\n", fds[arg0].fi_pathname, fds[arg0].fi_name,
	    fds[arg0].fi_dirname, fds[arg0].fi_fs, fds[arg0].fi_offset);
}
syscall::read:entry /pid == $target && !done++/ {
	printf("%s|%d|%s\n", fds[1000].fi_pathname, fds[1000].fi_offset,
	    fds[-1].fi_name);
}')
first=$(printf '%s\n' "$out" | grep -c '|' || :)
[ "$(printf '%s\n' "$out" | grep -cxF '<none>|-1|<none>')" = 1 ] ||
	{ echo "closed descriptors:"; printf '%s\n' "$out"; exit 1; }
line=$(printf '%s\n' "$out" | grep -F '|c.txt|' | head -1)
IFS='|' read -r path name dir fstype off <<<"$line"
[ "$path" = "$d/c.txt" ] && [ "$name" = c.txt ] && [ "$dir" = "$d" ] &&
	[ "$off" = 4 ] && [ -n "$fstype" ] ||
	{ echo "got ($first lines):"; printf '%s\n' "$out"; exit 1; }
