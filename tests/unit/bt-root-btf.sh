#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The kernel types of a Debian root's kernel (build/ROOT/root/boot/
# vmlinuz-*): its raw .BTF, for DTRACE_BTF, so the host compiles that
# release's bpftrace tools against the kernel they ship beside
# (test_bt_roots.c). Usage: bt-root-btf.sh ROOTDIR OUT.
set -eu
root=$1 out=$2
vmlinuz=$(find "$root/boot" -maxdepth 1 -name 'vmlinuz-*' | sort | tail -n 1)
[ -n "$vmlinuz" ] || { echo "no kernel in $root/boot" >&2; exit 1; }
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
# the compressed vmlinux after the bzImage's setup code: zstd or xz
for magic in '\x28\xb5\x2f\xfd' '\xfd\x37\x7a\x58\x5a\x00'; do
	off=$(LC_ALL=C grep -obUaP "$magic" "$vmlinuz" | head -n 1 | cut -d: -f1)
	[ -n "$off" ] || continue
	tail -c +$((off + 1)) "$vmlinuz" | { zstd -dcq 2>/dev/null ||
		xz -dcq 2>/dev/null; } >"$tmp" || true
	[ "$(head -c 4 "$tmp" | od -An -tx1 | tr -d ' ')" = 7f454c46 ] && break
done
mkdir -p "$(dirname "$out")"
objcopy -O binary --only-section=.BTF "$tmp" "$out.tmp"
[ -s "$out.tmp" ] || { echo "no .BTF in $vmlinuz" >&2; exit 1; }
mv "$out.tmp" "$out"
