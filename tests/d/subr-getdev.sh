#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# getmajor( ) and getminor( ) of the kernel's dev_t (12 bits of major
# above 20 of minor): /dev/null's inode holds 1:3; a filesystem's s_dev
# splits as the shell's arithmetic splits it; bits above them are not
# the major's.
set -eu
out=$("$DTRACE" -q -c "cat /dev/null" -n '
BEGIN {
	printf("%d:%d %d:%d\n", getmajor(0xabc12345), getminor(0xabc12345),
	    getmajor(0x100500007), getminor(0x100500007));
}
fbt::vfs_read:entry /pid == $target/ {
	printf("%d:%d %d %d:%d\n", getmajor(args[0]->f_inode->i_rdev),
	    getminor(args[0]->f_inode->i_rdev), args[0]->f_inode->i_sb->s_dev,
	    getmajor(args[0]->f_inode->i_sb->s_dev),
	    getminor(args[0]->f_inode->i_sb->s_dev));
}')
printf '%s\n' "$out" | grep -qx '2748:74565 5:7' ||
	{ echo "constants:"; printf '%s\n' "$out"; exit 1; }
line=$(printf '%s\n' "$out" | grep '^1:3 ' | head -1)
read -r null dev majmin <<<"$line"
[ "$null" = 1:3 ] && [ "$majmin" = "$((dev >> 20)):$((dev & 0xfffff))" ] ||
	{ echo "/dev/null's read:"; printf '%s\n' "$out"; exit 1; }
