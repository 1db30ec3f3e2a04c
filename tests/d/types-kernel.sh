#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Kernel types from BTF in D (Documentation/types.md): curthread typed
# struct task_struct *, casts, member chains, bit-fields, sizeof checked
# against the kernel's dentry cache, enumerators, fbt args[] typed from
# the prototype, errno and signal names, `symbols from kallsyms.
set -eu
fail() { echo "FAIL: $*"; exit 1; }

# curthread: its pid is pid, its comm execname; a bit-field and an
# enumerator; sizeof and offsetof fold to the kernel's layout.
out=$("$DTRACE" -qn 'BEGIN {
	printf("%d %s %s %d %d %d %d\n", curthread->pid == pid,
	    curthread->comm, execname, curthread->in_execve, PIDTYPE_SID,
	    sizeof(struct dentry), sizeof(curthread->comm));
	printf("%d %d\n", offsetof(struct task_struct, pid) ==
	    (uint64_t)&curthread->pid - (uint64_t)curthread,
	    ((struct task_struct *)curthread)->tgid == pid);
	exit(0); }')
# (dentry's cache has a usercopy region, so it is never merged)
dsize=$(cat /sys/kernel/slab/dentry/object_size)
[ "$out" = "1 dtrace dtrace 0 3 $dsize 16
1 1" ] || fail "curthread: $out (a dentry is $dsize bytes)"

# fbt: args[0] a struct file *, its name through the dentry; at return
# args[1] the ssize_t read.
f=$TMPDIR/typed-name-42
printf 'hello' > "$f"
out=$("$DTRACE" -qn 'fbt::vfs_read:entry /pid == $target/ {
	printf("%s %d\n", stringof(args[0]->f_path.dentry->d_name.name),
	    args[2] > 0); }
	fbt::vfs_read:return /pid == $target/ { printf("ret %d\n", args[1]); }' \
	-c "dd if=$f of=/dev/null bs=64 status=none" |
	grep -A1 '^typed-name-42 1$' | head -2)
[ "$out" = "typed-name-42 1
ret 5" ] || fail "vfs_read: $out"

# errno and signal names have Linux's values; errno is ENOENT here.
out=$("$DTRACE" -qn 'syscall::openat:return /pid == $target && errno/ {
	printf("%d %d %d %d\n", errno == ENOENT, EAGAIN, SIGKILL, SIGCHLD); }' \
	-c "cat $TMPDIR/nosuch" 2>/dev/null | grep . | sort -u)
[ "$out" = "1 11 9 17" ] || fail "constants: $out"

# `jiffies: its address is kallsyms', its value moves with time.
addr=$(awk '$3 == "jiffies" { print $1; exit }' /proc/kallsyms)
out=$("$DTRACE" -qn 'BEGIN { printf("%x %d\n", (uint64_t)&`jiffies,
	`jiffies > 0); exit(0); }')
[ "$out" = "$(printf '%x' "0x$addr") 1" ] || fail "jiffies: $out ($addr)"

# A member that does not exist: named with its type.
err=$("$DTRACE" -e -n 'BEGIN { trace(curthread->nosuch); }' 2>&1) &&
	fail "nosuch compiled"
[ "$err" = 'dtrace: invalid probe specifier BEGIN { trace(curthread->nosuch); }: in action list: nosuch is not a member of struct task_struct' ] ||
	fail "$err"
# No types: the error says how to get them.
err=$(DTRACE_BTF=/nonexistent "$DTRACE" -e -n 'BEGIN { trace(curthread->pid); }' 2>&1) &&
	fail "compiled without types"
[ "$err" = 'dtrace: invalid probe specifier BEGIN { trace(curthread->pid); }: in action list: no type information for struct task_struct: kernel type information is unavailable: cannot read BTF from DTRACE_BTF=/nonexistent: No such file or directory' ] ||
	fail "$err"
echo ok
