#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# dtrace -lv types fbt's arguments from the kernel's BTF
# (Documentation/types.md): the parameters at entry; at return the
# return site and the return value, only the site for a void function;
# a module's function from the module's BTF where the kernel has it.
# Without types (DTRACE_BTF naming no file) the listing is as before.
set -u
fail() { printf 'got:\n%s\nwant (within):\n%s\n' "$1" "$2"; exit 1; }
check() { # DESCRIPTION WANT [ENV...]
	local out
	out=$(env "${@:3}" "$DTRACE" -lv -n "$1" 2>&1)
	[[ "$out" == *"$2"* ]] || fail "$out" "$2"
}
[ -r /sys/kernel/btf/vmlinux ] || { echo "no /sys/kernel/btf/vmlinux"; exit 1; }

h=$'\tArgument Types\n'
check fbt::vfs_read:entry "$h"$'\t\targs[0]: struct file *\n\t\targs[1]: char *\n\t\targs[2]: size_t\n\t\targs[3]: loff_t *\n\n'
check fbt::vfs_read:return "$h"$'\t\targs[0]: int\n\t\targs[1]: ssize_t\n\n'
check fbt::fput:return "$h"$'\t\targs[0]: int\n\n'
check fbt:vmlinux:vfs_read:entry "$h"$'\t\targs[0]: struct file *\n'
# Six at most: the arguments fbt gives.
out=$("$DTRACE" -lv -n fbt::do_mmap:entry 2>&1)
[ "$(grep -c $'^\t\targs\\[' <<<"$out")" = 6 ] || fail "$out" "6 args"
# 9p (the guest's root) is a module: its own BTF since 5.11.
if [ -r /sys/kernel/btf/9p ]; then
	check fbt:9p:v9fs_file_open:entry "$h"$'\t\targs[0]: struct inode *\n\t\targs[1]: struct file *\n\n'
fi
check fbt::vfs_read:entry "$h"$'\t\tNone\n' DTRACE_BTF=/nonexistent
