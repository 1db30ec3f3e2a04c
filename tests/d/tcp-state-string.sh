#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# tcp_state_string[], an inline with a parameter as in the DTrace guides'
# tcp.d: a client's first state changes over 127.0.0.1 by name, as the
# guide's tcpstate script prints them (CLOSED, SYN_SENT, ESTABLISHED,
# then FIN_WAIT_1 as it closes first); a state with no name is
# "<unknown>".
set -eu
. ./netns.inc
port=$((20000 + RANDOM % 20000))
cat >"$TMPDIR/w.py" <<PY
import socket
s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
s.bind(("127.0.0.1", $port))
s.listen(1)
c = socket.create_connection(("127.0.0.1", $port))
a, _ = s.accept()
c.close(); a.close(); s.close()
PY
out=$("$DTRACE" -q -c "/usr/bin/python3 $TMPDIR/w.py" -n '
BEGIN { printf("%s %s\n", tcp_state_string[12], tcp_state_string[-1]); }
tcp:::state-change /args[3]->tcps_rport == '$port'/ {
	printf("%s -> %s\n", tcp_state_string[args[5]->tcps_state],
	    tcp_state_string[args[3]->tcps_state]);
}')
want='<unknown> <unknown>
state-closed -> state-syn-sent
state-syn-sent -> state-established
state-established -> state-fin-wait-1'
got=$(printf '%s\n' "$out" | head -4)
[ "$got" = "$want" ] || { echo "got:"; printf '%s\n' "$out"; exit 1; }
