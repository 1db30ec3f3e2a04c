#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# kfunc/fentry and kretfunc/fexit on fbt, with the kernel's BTF: dd's 5
# reads of 100 bytes from /dev/zero, counted and summed through
# args->count and a chain from args->file at entry, and through retval
# and the same args at return; probe names as bpftrace's
# (KIND:vmlinux:F); -l and -lv; "Attaching 1 probe" for one kretfunc
# whose args are kept at the entry; then the errors (a parameter that
# does not exist, a function without BTF, the DKMS-built types). Beside
# Debian's bpftrace, where it runs, the same lines.
set -eu
. ./bt-lib.inc
prog='kfunc:vfs_read /comm == "dd" &&
	str(args->file->f_path.dentry->d_name.name) == "zero"/ {
	@bytes = sum(args->count); @n = count(); }
kretfunc:vfs_read /comm == "dd" && retval == 100/ { @ret = count(); }
kretfunc:vfs_read /comm == "dd" && args->count == 100/ {
	@rbytes[str(args->file->f_path.dentry->d_name.name)] = sum(retval); }
fentry:vmlinux:vfs_read /comm == "dd" && args->count == 100/ { @p[probe] = count(); }
fexit:vfs_read /comm == "dd" && retval == 100/ { @p[probe] = count(); }'
dd_run() { # PROGRAM TRACER...
	local p=$1
	shift
	"$@" -e "$p" -c '/usr/bin/dd if=/dev/zero of=/dev/null bs=100 count=5 status=none' |
		grep '^@' | sort
}
want='@bytes: 500
@n: 5
@p[fentry:vmlinux:vfs_read]: 5
@p[fexit:vmlinux:vfs_read]: 5
@rbytes[zero]: 500
@ret: 5'
got=$(dd_run "$prog" "$DTRACE" --bpftrace)
[ "$got" = "$want" ] || { echo "kfunc: '$got'"; exit 1; }
if [ "${BT_PEER:-1}" != 0 ] && command -v bpftrace >/dev/null; then
	# bpftrace 0.17 has kfunc and kretfunc, not fentry and fexit
	old=$(sed 's/fentry:/kfunc:/; s/fexit:/kretfunc:/' <<<"$prog")
	got=$(dd_run "$old" timeout 120 bpftrace)
	want=$(dd_run "$old" "$DTRACE" --bpftrace)
	[ "$got" = "$want" ] && [ "$(grep -c . <<<"$got")" = 6 ] ||
		{ echo "bpftrace's kfunc: '$got', ours '$want'"; exit 1; }
fi

# -l and -lv: the name and the prototype, as bpftrace lists them
# (named fentry and fexit from bpftrace 0.22 on; 0.27's fentry has no retval)
k=kfunc kr=kretfunc ret=$'\n    ssize_t retval'
[ "$(bt_rel)" -lt 22 ] || { k=fentry kr=fexit; }
[ "$(bt_rel)" -lt 27 ] || ret=
got=$("$DTRACE" --bpftrace -l 'kfunc:vfs_read'; "$DTRACE" --bpftrace -l 'kretfunc:vmlinux:vfs_rea*' |
	grep -x "$kr:vmlinux:vfs_read"; "$DTRACE" --bpftrace -lv 'f:vfs_read')
want="$k:vmlinux:vfs_read
$kr:vmlinux:vfs_read
$k:vmlinux:vfs_read
    struct file * file
    char * buf
    size_t count
    loff_t * pos$ret"
[ "$got" = "$want" ] || { echo "-l kfunc: '$got'"; exit 1; }
if [ "${BT_PEER:-1}" != 0 ] && command -v bpftrace >/dev/null; then
	got=$(timeout 60 bpftrace -lv 'kfunc:vfs_read')
	[ "$got" = "${want#*$'\n'*$'\n'}" ] || { echo "bpftrace -lv: '$got'"; exit 1; }
fi

# the errors, as bpftrace prints them
err() { # PROGRAM WANT
	local got
	got=$("$DTRACE" --bpftrace -e "$1" 2>&1) && { echo "ran: $1"; exit 1; }
	[ "$(head -1 <<<"$got")" = "$2" ] || { echo "error of $1: '$got'"; exit 1; }
}
# kretfunc's arguments are kept by clauses of its own, not counted
got=$("$DTRACE" --bpftrace -e 'kretfunc:vfs_read { @ = sum(args->count); exit(); }' \
	-c /bin/true 2>&1)
want="Attaching 1 probe..."
[ "$(bt_rel)" -lt 24 ] || want="Attached 1 probe"
[ "${got%%$'\n'*}" = "$want" ] || { echo "kretfunc attaching: '$got'"; exit 1; }
err 'kfunc:vfs_read { @ = args->nope; }' "stdin:1:22-32: ERROR: Can't find function parameter nope"
err 'kfunc:no_such_function_here { @ = count(); }' "stdin:1:1-28: ERROR: No BTF found for no_such_function_here"
# the types DKMS built describe no functions: the error says so
types=${VM_MODULE%/*}/dtrace-types.btf
[ -s "$types" ] || { echo "no $types beside the module"; exit 1; }
DTRACE_BTF=$types err 'kfunc:vfs_read { @ = count(); }' "stdin:1:1-15: ERROR: No BTF found for vfs_read (the type data in use, built from the kernel's headers, describes no functions: kfunc needs /sys/kernel/btf/vmlinux)"
err 'kprobe:vfs_read { @ = args->count; }' "stdin:1:23-27: ERROR: args is only available in tracepoint and kfunc probes here: use arg0, arg1, ..."
echo ok
