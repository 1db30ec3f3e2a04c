#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# kernel-root.sh KVER: print the root directory under which kernel KVER
# lies as a Debian system has it (boot/vmlinuz-KVER, lib/modules/KVER,
# usr/src/linux-headers-KVER): "/" for a kernel installed on this machine,
# else the tree it was extracted into under build/: Debian 11's 5.10
# (tests/fetch-bullseye.sh), a release's root (tests/fetch-root.sh), or
# the default kernel's image alone, which make demo unpacks instead of
# installing it (its headers are installed). The tree with the image
# comes first, the guest boots from it. Fails if none has the kernel.
#
# kernel-root.sh --list: every Debian amd64 kernel with headers in either
# place, oldest first.
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
roots="/ $top/build/bullseye/root/ $top/build/trixie/root/ $top/build/forky/root/
	$top/build/kernel/root/"

if [ "${1:-}" = --list ]; then
	for r in $roots; do
		find "${r}usr/src" -maxdepth 1 -name 'linux-headers-*-amd64' \
			2>/dev/null
	done | sed 's|.*/linux-headers-||' | sort -uV
	exit 0
fi
[ $# = 1 ] || { echo "usage: $0 KVER | --list" >&2; exit 2; }
for r in $roots; do
	[ -r "${r}boot/vmlinuz-$1" ] && { echo "$r"; exit 0; }
done
for r in $roots; do
	[ -d "${r}usr/src/linux-headers-$1" ] && { echo "$r"; exit 0; }
done
echo "kernel-root: no kernel $1 (installed or under build/)" >&2
exit 1
