#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# kmod-build.sh KVER: build dtrace.ko for kernel KVER, installed or
# extracted under build/ (tests/vm/kernel-root.sh), from a DKMS-style
# copy of the source in build/matrix/KVER/; the log goes to
# build/matrix/KVER.build.log. An extracted kernel's headers name its
# compiler (gcc-10 for 5.10), which lies beside them; a release's root
# (tests/fetch-root.sh) builds inside itself.
set -eu
cd "$(dirname "$0")/.."
k=$1
src=build/matrix/$k
root=$(tests/vm/kernel-root.sh "$k")
make -s dkms-src DKMS_SRC="$src"
if [ "$root" != / ] && [ -x "${root}bin/sh" ]; then
	# A whole release's root (build/forky/root): its compiler runs only
	# on its own C library, so the build runs inside it, as DKMS would
	# there, on a copy of the source; the module comes back here.
	# A directory of this build's own: two checkouts may build for
	# the same root at once.
	in=$(mktemp -d "$root/var/tmp/dtrace-matrix.XXXXXX")
	in=${in#"$root"}
	in=/${in#/}
	trap 'rm -rf "$root$in"' EXIT
	cp -a "$src/." "$root$in"
	tests/in-root.sh "$root" make -s \
		-C "/usr/src/linux-headers-$k" M="$in/kmod" DTRACE_WERROR=1 \
		modules >"$src.build.log" 2>&1
	cp "$root$in/kmod/dtrace.ko" "$src/kmod/" || exit
	# and the types kept beside it, which the typed tests read
	rm -f "$src/kmod/dtrace-types.btf"
	if [ -e "$root$in/kmod/dtrace-types.btf" ]; then
		cp "$root$in/kmod/dtrace-types.btf" "$src/kmod/"
	fi
	exit
fi
PATH=${root}usr/bin:$PATH make -s -C "${root}usr/src/linux-headers-$k" \
	M="$PWD/$src/kmod" DTRACE_WERROR=1 modules >"$src.build.log" 2>&1
