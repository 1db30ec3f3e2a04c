#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Debian's bpftrace tools beside Debian's bpftrace (see
# bt-tools-vs-bpftrace-1.sh). Part 4: the TCP tools, which read kernel
# types (struct casts, #ifndef BPFTRACE_HAVE_BTF). The workload: a TCP
# connection over 127.0.0.1 (in a network namespace with its loopback up)
# with data both ways, accepted and closed by python3. Then dtrace again
# with the types built beside the module instead of the kernel's BTF.
set -eu
. ./bt-lib.inc
command -v bpftrace >/dev/null || { echo "bpftrace missing"; exit 1; }
net=${TMPDIR:-/tmp}/bt-net.py
cat >"$net" <<'PY'
import socket
s = socket.socket()
s.bind(("127.0.0.1", 0))
s.listen(8)
c = socket.create_connection(s.getsockname())
a, _ = s.accept()
c.sendall(b"x" * 3000)
a.recv(4096)
a.sendall(b"y" * 2000)
c.recv(4096)
c.close()
a.close()
s.close()
PY
export BT_WORK="unshare -n sh -c 'ip link set lo up && exec python3 $net'"
# the connection's lines; other processes' events are numbers first
bt_tool_vs tcpconnect ' python0 0\.0\.0\.0 0 0\.0\.0\.0 0$' '^0:0:0 '
bt_tool_vs tcpaccept ' python0 0\.0\.0\.0 0 0\.0\.0\.0 0 0/0$' '^0:0:0 '
bt_tool_vs tcplife '^0 python0 0\.0\.0\.0 0 0\.0\.0\.0 0 0 0 0$' '^0 '
# the SYN's backlog: the same histogram; no retransmission on loopback
bt_tool_vs tcpsynbl NONE NONE
bt_tool_vs tcpretrans NONE NONE
# The same tools with the types built beside the module (as DTRACE_BTF=
# dkms under DKMS) print the same as with the kernel's BTF
types=${VM_MODULE%/*}/dtrace-types.btf
[ -s "$types" ] || { echo "no $types beside the module"; exit 1; }
d=${TMPDIR:-/tmp}
for t in tcpconnect tcpaccept tcplife tcpsynbl tcpretrans; do
	bt_tool_run "$d/$t.dkms.out" env DTRACE_BTF="$types" "$DTRACE" \
		-s "/usr/sbin/$t.bt"
	for x in dt dkms; do
		bt_tool_shape <"$d/$t.$x.out" | sort -u >"$d/$t.$x.set"
	done
	diff -u "$d/$t.dt.set" "$d/$t.dkms.set" || {
		echo "$t: with $types:"; cat "$d/$t.dkms.out"; exit 1; }
done
