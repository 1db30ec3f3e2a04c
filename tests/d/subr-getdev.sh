#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# getmajor( ) and getminor( ) of the kernel's dev_t: /dev/null's inode
# holds 1:3, and a file's filesystem the major and minor stat(1) shows.
set -eu
f=$TMPDIR/getdev
echo x >"$f"
want=$(stat -c '%Hd:%Ld' "$f")
out=$("$DTRACE" -q -c "cat /dev/null $f" -n '
fbt::vfs_read:entry /pid == $target/ {
	@[getmajor(args[0]->f_inode->i_rdev),
	    getminor(args[0]->f_inode->i_rdev),
	    getmajor(args[0]->f_inode->i_sb->s_dev),
	    getminor(args[0]->f_inode->i_sb->s_dev)] = count();
}
END { printa("%d:%d %d:%d\n", @); }')
printf '%s\n' "$out" | grep -qx "1:3 [0-9]*:[0-9]*" ||
	{ echo "no /dev/null:"; printf '%s\n' "$out"; exit 1; }
printf '%s\n' "$out" | grep -qx "0:0 $want" ||
	{ echo "no $want:"; printf '%s\n' "$out"; exit 1; }
