#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The kernel types built beside the module (kmod/dtrace_types.c, for
# kernels without BTF) lay out the structures scripts read exactly as
# the kernel's own BTF does, and the command takes them when told to
# (DTRACE_BTF=FILE; DTRACE_BTF=dkms under DKMS).
set -eu
types=${VM_MODULE%/*}/dtrace-types.btf
[ -s "$types" ] || { echo "no $types beside the module"; exit 1; }
structs=task_struct,signal_struct,cred,mm_struct,file,path,dentry,qstr
structs+=,inode,super_block,vfsmount,sock,inet_sock,tcp_sock,sk_buff
structs+=,request,bio,gendisk,block_device,oom_control,pt_regs
want=$(pahole -F btf -C "$structs" /sys/kernel/btf/vmlinux)
got=$(pahole -F btf -C "$structs" "$types")
n=$(grep -c '^struct .* {$' <<<"$want")
[ "$n" -eq 21 ] || { echo "the kernel's BTF gave $n of 21 structs"; exit 1; }
[ "$want" = "$got" ] || {
	echo "layouts differ:"
	diff <(echo "$want") <(echo "$got") | head -20
	exit 1
}
# The command reads them. Headers declare prototypes only for what the
# unit calls, so fbt's argument types stay the kernel BTF's alone.
out=$(DTRACE_BTF=$types "$DTRACE" -lv -n fbt::vfs_read:entry 2>&1)
grep -A1 'Argument Types' <<<"$out" | grep -q None || { echo "$out"; exit 1; }
out=$("$DTRACE" -lv -n fbt::vfs_read:entry 2>&1)
grep -qF $'\t\targs[0]: struct file *' <<<"$out" || { echo "$out"; exit 1; }
