#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# kmod-build.sh KVER: build dtrace.ko for kernel KVER, installed or
# extracted under build/ (tests/vm/kernel-root.sh), from a DKMS-style
# copy of the source in build/matrix/KVER/; the log goes to
# build/matrix/KVER.build.log. An extracted kernel's headers name its
# compiler (gcc-10 for 5.10), which lies beside them.
set -eu
cd "$(dirname "$0")/.."
k=$1
src=build/matrix/$k
root=$(tests/vm/kernel-root.sh "$k")
make -s dkms-src DKMS_SRC="$src"
PATH=${root}usr/bin:$PATH make -s -C "${root}usr/src/linux-headers-$k" \
	M="$PWD/$src/kmod" modules >"$src.build.log" 2>&1
