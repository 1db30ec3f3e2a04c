#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# bpftrace's casts to kernel struct pointers, with the kernel's BTF and
# with the types built beside the module (DTRACE_BTF=FILE): a connect
# to 127.0.0.1:9, in a network namespace of its own, read in
# tcp_connect through a cast in place and a typed $variable (family,
# address by ntop, port by bswap), a cast of curtask, an enumerator of
# the kernel (TCP_SYN_SENT, the state of tcp_connect's socket), the
# tools' #ifndef BPFTRACE_HAVE_BTF with a struct definition in its
# skipped part and AF_INET from its #else part; then sizeof and
# offsetof.
set -eu
. ./bt-lib.inc
types=${VM_MODULE%/*}/dtrace-types.btf
[ -s "$types" ] || { echo "no $types beside the module"; exit 1; }
script=$TMPDIR/cast.bt
cat >"$script" <<'BT'
#ifndef BPFTRACE_HAVE_BTF
#include <net/sock.h>
struct sock {
	int x;
};
#else
#include <sys/socket.h>
#endif

kprobe:tcp_connect
/bswap(((struct sock *)arg0)->__sk_common.skc_dport) == 9/
{
	$sk = (struct sock *)arg0;
	$task = (struct task_struct *)curtask;
	printf("%d %d %s %s %d %d %d\n", ((struct sock *)arg0)->__sk_common.skc_family,
	    $sk->__sk_common.skc_family == AF_INET,
	    ntop($sk->__sk_common.skc_daddr),
	    ntop(AF_INET, $sk->__sk_common.skc_rcv_saddr),
	    bswap($sk->__sk_common.skc_dport),
	    $sk->__sk_common.skc_state == TCP_SYN_SENT,
	    $task->pid == tid);
	exit();
}
BT
run() {
	local out=$TMPDIR/cast.out i
	"$DTRACE" -s "$script" >"$out" 2>&1 &
	for i in $(seq 300); do
		grep -q '^Attaching' "$out" && break
		sleep 0.1
	done
	# refused (nothing listens on 9), after tcp_connect
	bt_netns bash -c 'exec 3<>/dev/tcp/127.0.0.1/9' 2>/dev/null || true
	wait
	cat "$out"
}
want='Attaching 1 probe...
2 1 127.0.0.1 127.0.0.1 9 1 1'
out=$(run)
[ "$out" = "$want" ] || { echo "kernel BTF: '$out'"; exit 1; }
out=$(DTRACE_BTF=$types run)
[ "$out" = "$want" ] || { echo "module's types: '$out'"; exit 1; }

# sizeof of a kernel struct against the slab's object size; offsetof
# and sizeof of a member against its neighbours'
slab=$(cat /sys/kernel/slab/dentry/object_size)
prog='BEGIN { printf("%d %d %d\n", sizeof(struct dentry),
	offsetof(struct sock, __sk_common) == 0,
	offsetof(struct task_struct, comm) + sizeof(curtask->comm) <=
	sizeof(struct task_struct)); exit(); }'
for src in kernel "$types"; do
	if [ "$src" = kernel ]; then
		out=$("$DTRACE" --bpftrace -e "$prog" | bt_noattach)
	else
		out=$(DTRACE_BTF=$src "$DTRACE" --bpftrace -e "$prog" |
			bt_noattach)
	fi
	[ "$out" = "$slab 1 1" ] || { echo "sizeof ($src): '$out'"; exit 1; }
done
echo ok
