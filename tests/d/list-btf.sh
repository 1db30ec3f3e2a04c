#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# dtrace -lv types fbt's arguments from the kernel's BTF
# (Documentation/types.md): the parameters at entry, six at most; at
# return the return site and the return value, only the site for a void
# function; a module's function from the module's BTF where the kernel
# has it. Without types (DTRACE_BTF naming no file) the listing is as
# before. Few runs: each costs seconds on 6.12 under TCG.
set -u
fail() { printf 'got:\n%s\nwant (within):\n%s\n' "$1" "$2"; exit 1; }
has() { [[ "$1" == *"$2"* ]] || fail "$1" "$2"; }
[ -r /sys/kernel/btf/vmlinux ] || { echo "no /sys/kernel/btf/vmlinux"; exit 1; }

h=$'\n\n\tArgument Types\n'
out=$("$DTRACE" -lv -n fbt:vmlinux:vfs_read: -n fbt::fput:return \
	-n fbt::do_mmap:entry 2>&1)
has "$out" "vfs_read entry$h"$'\t\targs[0]: struct file *\n\t\targs[1]: char *\n\t\targs[2]: size_t\n\t\targs[3]: loff_t *\n\n'
has "$out" "vfs_read return$h"$'\t\targs[0]: int\n\t\targs[1]: ssize_t\n\n'
has "$out" "fput return$h"$'\t\targs[0]: int\n\n'
n=$(awk '/do_mmap entry$/ { on = 1 } on && /Arguments \(/ { exit }
	on && /^\t\targs\[/ { n++ } END { print n + 0 }' <<<"$out")
[ "$n" = 6 ] || fail "$out" "six args[] for do_mmap"

# 9p (the guest's root) is a module: its own BTF since 5.11.
if [ -r /sys/kernel/btf/9p ]; then
	out=$("$DTRACE" -lv -n fbt:9p:v9fs_file_open:entry 2>&1)
	has "$out" "v9fs_file_open entry$h"$'\t\targs[0]: struct inode *\n\t\targs[1]: struct file *\n\n'
fi

out=$(DTRACE_BTF=/nonexistent "$DTRACE" -lv -n fbt::vfs_read:entry 2>&1)
has "$out" "vfs_read entry$h"$'\t\tNone\n'
