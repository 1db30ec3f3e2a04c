#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# accel.sh KERNEL CACHE
#
# Print the QEMU accelerator to use: "kvm" if /dev/kvm is writable and a
# guest really runs on it, else "tcg". /dev/kvm can exist and open yet
# never run a vCPU (nested or filtered virtualisation), so the probe
# boots KERNEL without a root fs: with panic=-1 and -no-reboot QEMU
# exits by itself within a second under KVM. The answer is cached in
# CACHE for the current host boot. VM_ACCEL=kvm|tcg overrides it all.
set -eu

if [ $# -ne 2 ]; then
	echo "usage: $0 KERNEL CACHE" >&2
	exit 2
fi
kernel=$1
cache=$2

if [ -n "${VM_ACCEL:-}" ]; then
	echo "$VM_ACCEL"
	exit 0
fi
if ! [ -w /dev/kvm ]; then
	echo tcg
	exit 0
fi

id="$(cat /proc/sys/kernel/random/boot_id 2>/dev/null || :) $kernel"
if [ -r "$cache" ] && [ "$(sed -n 1p "$cache")" = "$id" ]; then
	sed -n 2p "$cache"
	exit 0
fi

accel=tcg
if timeout 5 qemu-system-x86_64 -accel kvm -cpu host -machine q35 \
	-m 256 -smp 1 -nodefaults -display none -monitor none -serial none \
	-no-reboot -kernel "$kernel" -append panic=-1 \
	</dev/null >/dev/null 2>&1; then
	accel=kvm
fi
mkdir -p "$(dirname "$cache")"
printf '%s\n%s\n' "$id" "$accel" >"$cache"
echo "$accel"
