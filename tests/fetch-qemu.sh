#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# fetch-qemu.sh: QEMU 10 from Debian 12's backports, extracted under
# build/qemu/root/ and never installed on this machine (make deps runs
# it; quick when it is there already). Only the reliability tests under
# multi-threaded TCG use it (tests/vm/reliability.sh): bookworm's QEMU
# 7.2 can go on running a stale translation of kernel text that another
# vCPU has patched, which hangs Debian's own kernel when ftrace arms
# every function (Documentation/safety.md, Known limits); QEMU 10 does
# not. Its libraries are all bookworm's.
#
# The packages come from the same Debian mirror as this machine's
# bookworm ones, through a private sources list and apt state under
# build/qemu/apt/: the machine's own apt setup is not touched.
set -eu

PKGS="qemu-system-x86 qemu-system-common qemu-system-data"
top=$(cd "$(dirname "$0")/.." && pwd)
b=$top/build/qemu
root=$b/root
stamp=$b/.fetched
[ "$(cat "$stamp" 2>/dev/null)" = "$PKGS" ] &&
	[ -x "$root/usr/bin/qemu-system-x86_64" ] && exit 0

. "$top/tests/apt-private.inc"
mkdir -p "$b/debs"
apt_private "$b" bookworm-backports
rm -f "$b/debs/"*.deb
# shellcheck disable=SC2086
(cd "$b/debs" && apt_priv download $PKGS >/dev/null)
rm -rf "$root"
mkdir -p "$root"
for d in "$b/debs/"*.deb; do
	dpkg -x "$d" "$root"
done
"$root/usr/bin/qemu-system-x86_64" --version >/dev/null
echo "$PKGS" >"$stamp"
echo "fetch-qemu: $("$root/usr/bin/qemu-system-x86_64" --version | head -n 1) under $root"
