#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# tcp: a connection over 127.0.0.1 and one over ::1 (python3) are seen
# by connect-request, connect-established and accept-established with
# the addresses and ports chosen; state-change gives the client's states
# in order; send and receive see the 5 bytes of payload each way once.
set -eu
. ./netns.inc
port=$((20000 + RANDOM % 20000))
cat >"$TMPDIR/w.py" <<PY
import socket
for fam, host in ((socket.AF_INET, "127.0.0.1"), (socket.AF_INET6, "::1")):
    s = socket.socket(fam, socket.SOCK_STREAM)
    s.bind((host, $port))
    s.listen(1)
    c = socket.create_connection((host, $port))
    a, _ = s.accept()
    c.sendall(b"hello")
    assert a.recv(5) == b"hello"
    a.sendall(b"world")
    assert c.recv(5) == b"world"
    c.close(); a.close(); s.close()
PY
out=$("$DTRACE" -q -c "/usr/bin/python3 $TMPDIR/w.py" -n '
tcp:::connect-request, tcp:::connect-established, tcp:::accept-established
/args[3]->tcps_rport == '$port' || args[3]->tcps_lport == '$port'/ {
	printf("%s %s %s %s\n", probename, args[3]->tcps_laddr,
	    args[3]->tcps_raddr,
	    args[3]->tcps_lport == '$port' ? "lport" : "rport");
}
tcp:::state-change /args[3]->tcps_rport == '$port'/ {
	printf("client %s %d -> %d\n", args[3]->tcps_raddr,
	    args[5]->tcps_state, args[3]->tcps_state);
}
tcp:::send, tcp:::receive
/(args[4]->tcp_sport == '$port' || args[4]->tcp_dport == '$port') &&
    args[2]->ip_plength - args[4]->tcp_offset == 5/ {
	printf("%s %d %s -> %s %d\n", probename, args[2]->ip_ver,
	    args[3]->tcps_laddr, args[3]->tcps_raddr,
	    args[4]->tcp_dport == '$port');
}')
fail() { echo "$1"; printf '%s\n' "$out"; exit 1; }
for a in 127.0.0.1 ::1; do
	for l in "connect-request $a $a rport" \
		 "connect-established $a $a rport" \
		 "accept-established $a $a lport"; do
		n=$(printf '%s\n' "$out" | grep -cxF "$l" || :)
		[ "$n" = 1 ] || fail "$l: $n"
	done
	# the client's first states: CLOSED, SYN_SENT, ESTABLISHED, then
	# FIN_WAIT_1 as it closes first
	s=$(printf '%s\n' "$out" | sed -n "s/^client $a //p" | head -3 |
		tr '\n' ,)
	[ "$s" = "7 -> 2,2 -> 1,1 -> 4," ] || fail "$a states: $s"
done
for v in "4 127.0.0.1 -> 127.0.0.1" "6 ::1 -> ::1"; do
	for l in "send $v 1" "send $v 0" "receive $v 1" "receive $v 0"; do
		n=$(printf '%s\n' "$out" | grep -cxF "$l" || :)
		[ "$n" = 1 ] || fail "$l: $n"
	done
done
# a guide's script: connections accepted and made, by remote address
cat >"$TMPDIR/conn.d" <<'D'
#pragma D option quiet
tcp:::accept-established { @acc[args[3]->tcps_raddr] = count(); }
tcp:::connect-established { @con[args[3]->tcps_raddr] = count(); }
END
{
	printf("%-20s %s\n", "ACCEPTED FROM", "COUNT");
	printa("%-20s %@d\n", @acc);
	printf("%-20s %s\n", "CONNECTED TO", "COUNT");
	printa("%-20s %@d\n", @con);
}
D
out=$("$DTRACE" -x strsize=64 -s "$TMPDIR/conn.d" -c "/usr/bin/python3 $TMPDIR/w.py" |
	grep -v '^$')
want="ACCEPTED FROM        COUNT
127.0.0.1            1
::1                  1
CONNECTED TO         COUNT
127.0.0.1            1
::1                  1"
[ "$out" = "$want" ] || fail "guide: $out"
# the stable names are listed
n=$("$DTRACE" -l -P tcp | awk 'NR > 1 { print $NF }' | sort | tr '\n' ' ')
[ "$n" = "accept-established connect-established connect-refused connect-request receive send state-change " ] ||
	fail "-l -P tcp: $n"
echo ok
