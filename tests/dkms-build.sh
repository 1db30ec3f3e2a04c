#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Build the module the way DKMS does, from a copy of the source tree in
# private DKMS trees under build/, so the system's DKMS state is untouched.
# Usage: dkms-build.sh KVER
set -eu
kver=$1
top=$(cd "$(dirname "$0")/.." && pwd)
ver=$(cat "$top/VERSION")
work="$top/build/dkms"
rm -rf "$work"
mkdir -p "$work/tree"
make -s -C "$top" dkms-src DKMS_SRC="$work/src/dtrace-$ver"
dk() { dkms --dkmstree "$work/tree" --sourcetree "$work/src" "$@"; }
dk add -m dtrace -v "$ver"
dk build -m dtrace -v "$ver" -k "$kver"
ls "$work/tree/dtrace/$ver/$kver/x86_64/module/"dtrace.ko*
