#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# udp and ip: 3 datagrams of 100 bytes to 127.0.0.1 and 2 to ::1
# (python3) are each sent and received once, with the ports, the
# addresses, the lengths (udp 108, ip payload 108) and the device lo.
set -eu
. ./netns.inc
port=$((20000 + RANDOM % 20000))
cat >"$TMPDIR/w.py" <<PY
import socket
for fam, host, n in ((socket.AF_INET, "127.0.0.1", 3),
                     (socket.AF_INET6, "::1", 2)):
    r = socket.socket(fam, socket.SOCK_DGRAM)
    r.bind((host, $port))
    s = socket.socket(fam, socket.SOCK_DGRAM)
    for i in range(n):
        s.sendto(b"x" * 100, (host, $port))
        assert len(r.recv(200)) == 100
PY
out=$("$DTRACE" -q -x strsize=64 -c "/usr/bin/python3 $TMPDIR/w.py" -n '
udp:::send, udp:::receive /args[4]->udp_dport == '$port'/ {
	@u[probename, args[3]->udps_laddr, args[3]->udps_raddr,
	    args[4]->udp_length] = count();
}
ip:::send, ip:::receive /args[2]->ip_plength == 108/ {
	@i[probename, args[2]->ip_ver, args[2]->ip_saddr,
	    args[2]->ip_daddr, args[3]->if_name] = count();
}
ip:::send /args[2]->ip_plength == 108 && args[2]->ip_ver == 4/ {
	@v4[args[4]->ipv4_protostr, args[4]->ipv4_ttl > 0] = count();
}
ip:::send /args[2]->ip_plength == 108 && args[2]->ip_ver == 6/ {
	@v6[args[5]->ipv6_nextstr, args[5]->ipv6_plen] = count();
}
END {
	printa("udp %s %s %s %d %@d\n", @u);
	printa("ip %s %d %s %s %s %@d\n", @i);
	printa("v4 %s %d %@d\n", @v4);
	printa("v6 %s %d %@d\n", @v6);
}')
fail() { echo "$1"; printf '%s\n' "$out"; exit 1; }
want='udp receive 127.0.0.1 127.0.0.1 108 3
udp send 127.0.0.1 127.0.0.1 108 3
udp receive ::1 ::1 108 2
udp send ::1 ::1 108 2
ip receive 4 127.0.0.1 127.0.0.1 lo 3
ip send 4 127.0.0.1 127.0.0.1 lo 3
ip receive 6 ::1 ::1 lo 2
ip send 6 ::1 ::1 lo 2
v4 UDP 1 3
v6 UDP 108 2'
got=$(printf '%s\n' "$out" | grep -v '^$' | sort)
[ "$got" = "$(printf '%s\n' "$want" | sort)" ] || fail "got:"
# a guide's script: IP payload bytes sent and received by address
cat >"$TMPDIR/bytes.d" <<'D'
#pragma D option quiet
ip:::send { @b[args[2]->ip_daddr, "send"] = sum(args[2]->ip_plength); }
ip:::receive { @b[args[2]->ip_saddr, "recv"] = sum(args[2]->ip_plength); }
END
{
	printf("%-12s %-5s %s\n", "HOST", "DIR", "BYTES");
	printa("%-12s %-5s %@d\n", @b);
}
D
out=$("$DTRACE" -x strsize=64 -s "$TMPDIR/bytes.d" -c "/usr/bin/python3 $TMPDIR/w.py" |
	grep -v '^$')
want="HOST         DIR   BYTES
::1          recv  216
::1          send  216
127.0.0.1    recv  324
127.0.0.1    send  324"
[ "$out" = "$want" ] || fail "guide: $out"
n=$("$DTRACE" -l -P udp | awk 'NR > 1 { print $NF }' | sort | tr '\n' ' ')
[ "$n" = "receive send " ] || fail "-l -P udp: $n"
n=$("$DTRACE" -l -P ip | awk 'NR > 1 { print $NF }' | sort | tr '\n' ' ')
[ "$n" = "receive send " ] || fail "-l -P ip: $n"
echo ok
