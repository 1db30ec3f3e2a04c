#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The same scripts give the same results with the kernel's own BTF and
# with the types built beside the module for kernels without it
# (DTRACE_BTF=FILE, as DTRACE_BTF=dkms under DKMS): structures by name,
# casts of fbt arguments, curthread, a bit-field, sizeof and stringof.
# fbt's typed args[] needs prototypes, which only the kernel has.
set -eu
types=${VM_MODULE%/*}/dtrace-types.btf
[ -s "$types" ] || { echo "no $types beside the module"; exit 1; }
slab=$(cat /sys/kernel/slab/dentry/object_size)

run() {
	"$DTRACE" -qn 'BEGIN { printf("%d %d %d %s\n", curthread->pid == pid,
		sizeof(struct dentry), curthread->in_execve,
		stringof(curthread->comm)); }
	fbt::vfs_read:entry /pid == $target/ {
		printf("%s\n", stringof(((struct file *)arg0)->
		    f_path.dentry->d_name.name)); exit(0); }' \
		-c "cat $TMPDIR/types-both.txt" 2>&1 | grep . | grep -vx hello
}
# cat's own output, hello, is left out
echo hello > "$TMPDIR/types-both.txt"
want="1 $slab 0 dtrace
types-both.txt"
out=$(run)
[ "$out" = "$want" ] || { echo "kernel BTF: '$out'"; exit 1; }
out=$(DTRACE_BTF=$types run)
[ "$out" = "$want" ] || { echo "module's types: '$out'"; exit 1; }
