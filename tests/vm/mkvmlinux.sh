#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# mkvmlinux.sh KVER OUT
#
# Extract the uncompressed ELF kernel from /boot/vmlinuz-KVER (or the
# tree kernel-root.sh finds it in) into OUT.
# QEMU boots such an ELF straight through its PVH entry point: under
# TCG that skips ~2.5 s of emulated decompression on every boot.
# Exits non-zero (leaving no OUT) when the kernel has no PVH entry or
# the payload cannot be found; run-guest.sh then boots the bzImage.
# OUT is rebuilt only when the bzImage changed (hash in OUT.key).
set -eu

if [ $# -ne 2 ]; then
	echo "usage: $0 KVER OUT" >&2
	exit 2
fi
kver=$1
out=$2
here=$(cd "$(dirname "$0")" && pwd)
bz=$("$here/kernel-root.sh" "$kver" 2>/dev/null)boot/vmlinuz-$kver
[ -r "$bz" ] || { echo "mkvmlinux: no $bz" >&2; exit 1; }

key=$(sha256sum "$bz" "$0" | sha256sum | cut -d' ' -f1)
if [ -s "$out" ] && [ "$(cat "$out.key" 2>/dev/null)" = "$key" ]; then
	exit 0
fi
mkdir -p "$(dirname "$out")"
tmp=$(mktemp "$out.XXXXXX")
trap 'rm -f "$tmp"' EXIT

# The compressed payload starts at the first magic of a known format
# (the same search as the kernel's scripts/extract-vmlinux).
try() { # MAGIC DECOMPRESSOR...
	magic=$1
	shift
	off=$(LC_ALL=C grep -abo "$magic" "$bz" | head -n 1 | cut -d: -f1)
	[ -n "$off" ] || return 1
	tail -c "+$((off + 1))" "$bz" | "$@" >"$tmp" 2>/dev/null || :
	# XEN_ELFNOTE_PHYS32_ENTRY (18) marks the PVH entry point.
	readelf -n "$tmp" 2>/dev/null | grep -q 'note type: (0x00000012)'
}
try "$(printf '\3757zXZ')" xz -dc --single-stream ||
	try "$(printf '\050\265\057\375')" zstd -qdc ||
	try "$(printf '\037\213\010')" gzip -dc || {
	echo "mkvmlinux: no PVH-bootable ELF kernel in $bz" >&2
	exit 1
}
mv "$tmp" "$out"
echo "$key" >"$out.key"
