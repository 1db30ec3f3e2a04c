#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# bpftrace's casts to kernel struct pointers, with the kernel's BTF and
# with the types built beside the module (DTRACE_BTF=FILE): a connect
# to 127.0.0.1:9 read in tcp_connect through a cast in place and a
# typed $variable (family, address by ntop, port by bswap), a union
# member, a cast of curtask, an enumerator of the kernel (TCP_SYN_SENT,
# the state tcp_connect's socket is in), the tools' #ifndef
# BPFTRACE_HAVE_BTF with a struct definition in its skipped part and
# AF_INET from the #else part.
set -eu
types=${VM_MODULE%/*}/dtrace-types.btf
[ -s "$types" ] || { echo "no $types beside the module"; exit 1; }
ip link set lo up 2>/dev/null || true
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
	(exec 3<>/dev/tcp/127.0.0.1/9) 2>/dev/null || true
	wait
	cat "$out"
}
want='Attaching 1 probe...
2 1 127.0.0.1 127.0.0.1 9 1 1'
out=$(run)
[ "$out" = "$want" ] || { echo "kernel BTF: '$out'"; exit 1; }
out=$(DTRACE_BTF=$types run)
[ "$out" = "$want" ] || { echo "module's types: '$out'"; exit 1; }
echo ok
