#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Kernel types from BTF in D: a cast of an fbt argument to a struct
# pointer read through an anonymous union member, a cast to another
# struct's pointer, the typed return value against an errno name, a char
# array indexed (comm[1] of "dtrace"), and a bit-field (task_struct's
# in_execve) that is 1 only inside exec (the shell's exec of true: -c's
# own exec may come before tracing starts).
set -eu
fail() { echo "FAIL: $*"; exit 1; }

# A connect to 127.0.0.1:9. tcp_v4_connect only sends the SYN: it
# returns 0 when the loopback is up (the refusal comes later) and
# -ENETUNREACH when it is down, as in a fresh guest.
conn=$TMPDIR/conn.sh
printf '#!/bin/bash\nexec 3<>/dev/tcp/127.0.0.1/9\n' > "$conn"
chmod +x "$conn"
out=$("$DTRACE" -qn 'fbt::tcp_v4_connect:entry /pid == $target/ {
	this->sk = (struct sock *)arg0;
	printf("%d %d\n", this->sk->__sk_common.skc_family,
	    ((struct sockaddr_in *)arg1)->sin_port); }
	fbt::tcp_v4_connect:return /pid == $target/ {
	printf("%d %d\n", args[1], -ENETUNREACH); }' \
	-c "$conn" 2>/dev/null | grep .)
# AF_INET is 2; port 9 in network order reads as 0x0900 on x86
case $out in
"2 2304
0 -101" | "2 2304
-101 -101") ;;
*) fail "tcp_v4_connect: $out" ;;
esac

out=$("$DTRACE" -qn 'BEGIN { printf("%d %c\n", curthread->in_execve,
	curthread->comm[1]); }
	fbt::security_bprm_check:entry /pid == $target || ppid == $target/ {
	printf("%d\n", curthread->in_execve); exit(0); }' -c "sh -c /bin/true" |
	grep .)
[ "$out" = "0 t
1" ] || fail "in_execve: $out"
echo ok
