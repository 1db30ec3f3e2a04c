#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Build the module the way DKMS does, from a copy of the source tree in
# private DKMS trees under build/, so the system's DKMS state is untouched.
# Usage: dkms-build.sh KVER (installed, or extracted under build/ as
# Debian 11's 5.10 is: then with its headers and their gcc-10 from there).
set -eu
kver=$1
top=$(cd "$(dirname "$0")/.." && pwd)
root=$("$top/tests/vm/kernel-root.sh" "$kver")
ksrc=()
if [ "$root" != / ]; then
	ksrc=(--kernelsourcedir "${root}usr/src/linux-headers-$kver")
	PATH=${root}usr/bin:$PATH
fi
ver=$(cat "$top/VERSION")
work="$top/build/dkms"
rm -rf "$work"
mkdir -p "$work/tree"
make -s -C "$top" dkms-src DKMS_SRC="$work/src/dtrace-$ver"
dk() { dkms --dkmstree "$work/tree" --sourcetree "$work/src" "$@"; }
dk add -m dtrace -v "$ver"
dk build -m dtrace -v "$ver" -k "$kver" "${ksrc[@]}"
ls "$work/tree/dtrace/$ver/$kver/x86_64/module/"dtrace.ko*
