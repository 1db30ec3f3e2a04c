#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Debian's bpftrace tools beside Debian's bpftrace (see
# bt-tools-vs-bpftrace-1.sh). Part 6: the five that need values the
# consumer makes: undump (buf( ), %r), threadsnoop (usym( )), tcpdrop
# (kstack in printf, a NULL skb->sk), oomkill (cat( )), biostacks
# (kstack as a map's value). Then the same built-ins in one-liners,
# whose output is compared line for line with bpftrace's.
set -eu
. ./bt-lib.inc
command -v bpftrace >/dev/null || { echo "bpftrace missing"; exit 1; }
d=${TMPDIR:-/tmp}
# undump: a UNIX socket's bytes, unprintable ones as \xNN
export BT_WORK="python3 -c 'import socket
a, b = socket.socketpair()
a.send(b\"hello\\x01\\x02world\\n\")
b.recv(100)'"
bt_tool_vs undump ' python0 0 0 hello\\x0\\x0world\\x0a$' '^0:0:0 '
# tcpdrop: a connection refused on the loopback. Its drops (if any) and
# their stacks are other lines (stacks may start at another frame)
export BT_WORK="unshare -n sh -c 'ip link set lo up && exec python3 -c \"
import socket
try:
    socket.create_connection((\\\"127.0.0.1\\\", 9))
except OSError:
    pass\"'"
bt_tool_vs tcpdrop NONE '^(0:0:0 | )'
# oomkill: no OOM here (its report would put a trace in dmesg);
# threadsnoop: Debian 12's libpthread has no pthread_create (it is in
# libc): both print the header only; biostacks: 6.1 has neither
# blk_account_io_start nor blk_start_request (a one-liner below keeps
# a kstack in a map)
export BT_WORK="python3 -c 'import threading
t = threading.Thread(target=lambda: None)
t.start()
t.join()'; dd if=/dev/zero of=$d/bt-io.dat bs=4k count=8 oflag=direct status=none; rm -f $d/bt-io.dat"
for t in oomkill threadsnoop biostacks; do
	bt_tool_vs "$t" NONE NONE
done
# One-liners: the same output as bpftrace's, but where noted.
bt_same() { # NAME PROGRAM [CMD]
	local n=$1 p=$2 c=${3:-}
	timeout 60 bpftrace -e "$p" ${c:+-c "$c"} >"$d/$n.bt" 2>&1 || true
	timeout 60 "$DTRACE" --bpftrace -e "$p" ${c:+-c "$c"} >"$d/$n.dt" 2>&1 ||
		true
	# a kprobe's stack starts in the probed function (ksys_sync+1)
	# in bpftrace, at its caller here (btout-kstack.sh)
	sed -i '/ksys_sync+1$/d' "$d/$n.bt"
	diff -u "$d/$n.bt" "$d/$n.dt" || {
		echo "$n: not as bpftrace's"; exit 1; }
}
# cat( ): the file when the record prints; a missing file's error
bt_same cat 'BEGIN { printf("x: "); cat("/proc/sys/kernel/ostype");
	cat("/proc/sys/kernel/%s", "ostype"); cat("/nonexistent");
	printf("y\n"); exit(); }'
# stacks in printf and as keys, modes bpftrace and perf
bt_same kstack 'kprobe:ksys_sync { printf("[%s]\n{%s}\n", kstack,
	kstack(perf)); @a[kstack(perf)] = count(); @c[kstack(bpftrace)] =
	count(); @d[kstack] = count(); }' /bin/sync
# a kstack kept in a map (biostacks' way), then a key and printed
bt_same stackval 'kprobe:ksys_sync { @s[tid] = kstack(perf); }
	kretprobe:ksys_sync /@s[tid]/ { @[@s[tid]] = count();
	printf("<%s>\n", @s[tid]); delete(@s[tid]); }' /bin/sync
grep -q '^	ffffffff[0-9a-f]* __x64_sys_sync+[0-9]*$' "$d/stackval.dt" || {
	cat "$d/stackval.dt"; exit 1; }
# a depth: its frames, from the caller here
out=$("$DTRACE" --bpftrace -e 'kprobe:ksys_sync { printf("<%s>\n",
	kstack(bpftrace, 2)); printf("(%s)\n", kstack(perf, 1)); }' -c /bin/sync)
want="Attaching 1 probe...
<
        __x64_sys_sync+[0-9]+
        do_syscall_64+[0-9]+
>
\(
	ffffffff[0-9a-f]+ __x64_sys_sync\+[0-9]+
\)"
printf '%s\n' "$out" | head -8 | tr '\n' '#' | grep -Eqx "$(printf '%s\n' "$want" | tr '\n' '#')" || {
	echo "depth: unexpected:"; printf '%s\n' "$out"; exit 1; }
# usym( ): a thread's function in a program with symbols
cat >"$d/bt-thr.c" <<'C'
#include <pthread.h>
static void *bt_worker(void *a) { return a; }
int main(void) { pthread_t t; pthread_create(&t, 0, bt_worker, 0); return pthread_join(t, 0); }
C
cc -O0 -pthread -o "$d/bt-thr" "$d/bt-thr.c"
bt_same usym 'uprobe:/usr/lib/x86_64-linux-gnu/libc.so.6:pthread_create
	{ printf("%s|%s\n", usym(arg2), usym(0)); }' "$d/bt-thr"
grep -qx 'bt_worker|0' "$d/usym.dt" || { cat "$d/usym.dt"; exit 1; }
