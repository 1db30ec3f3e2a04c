#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Build the module the way DKMS does, from a copy of the source tree in
# private DKMS trees under build/, so the system's DKMS state is untouched.
# Usage: dkms-build.sh KVER (installed, or extracted under build/ as
# Debian 11's 5.10 is: then with its headers and their gcc-10 from there;
# or the kernel of a release's root under build/, tests/fetch-root.sh's:
# then inside that root, with its own dkms and compiler).
set -eu
kver=$1
top=$(cd "$(dirname "$0")/.." && pwd)
root=$("$top/tests/vm/kernel-root.sh" "$kver")
ksrc=()
chroot=()
if [ "$root" != / ] && [ -x "${root}bin/sh" ]; then
	chroot=("$top/tests/in-root.sh" "$root")
elif [ "$root" != / ]; then
	ksrc=(--kernelsourcedir "${root}usr/src/linux-headers-$kver")
	PATH=${root}usr/bin:$PATH
fi
ver=$(cat "$top/VERSION")
# One tree per kernel: make check builds for several at once. In a
# release's root, the tree lies inside it (dkms runs there).
in=
[ ${#chroot[@]} = 0 ] || in=/var/tmp/dtrace-dkms
work="${chroot:+$root}${in:-$top/build/dkms/$kver}"
rm -rf "$work"
mkdir -p "$work/tree"
make -s -C "$top" dkms-src DKMS_SRC="$work/src/dtrace-$ver"
w=${in:-$work}
dk() { "${chroot[@]}" dkms --dkmstree "$w/tree" --sourcetree "$w/src" "$@"; }
dk add -m dtrace -v "$ver"
dk build -m dtrace -v "$ver" -k "$kver" "${ksrc[@]}"
ls "$work/tree/dtrace/$ver/$kver/x86_64/module/"dtrace.ko*
# and the kernel types beside it (every build here has pahole): Debian
# 13's pahole kept none until they were written detached
ls "$work/tree/dtrace/$ver/$kver/x86_64/dtrace-types.btf"
