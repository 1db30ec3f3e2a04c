#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# In a guest booted with run-guest.sh --hostfwd: load virtio_net, bring
# up lo and the NIC with QEMU's user-network address (10.0.2.15/24), so
# a server on the guest's port answers the host's forwarded one. The
# address lives inside QEMU's emulated network: nothing leaves the host.
set -eu
modprobe virtio_net 2>/dev/null || :
ip link set lo up
nic=
for _ in $(seq 50); do
	for d in /sys/class/net/*; do
		[ "${d##*/}" = lo ] || nic=${d##*/}
	done
	[ -n "$nic" ] && break
	sleep 0.1
done
[ -n "$nic" ] || { echo "guest-net: no NIC (run-guest.sh --hostfwd?)" >&2; exit 1; }
ip link set "$nic" up
ip addr add 10.0.2.15/24 dev "$nic"
