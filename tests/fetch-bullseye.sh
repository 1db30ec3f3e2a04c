#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# fetch-bullseye.sh: Debian 11's 5.10 kernel and what building for it
# needs, extracted under build/bullseye/root/ and never installed on this
# machine (make deps runs it; quick when it is all there already):
#
#   boot/vmlinuz-KVER, lib/modules/KVER   the kernel the guest boots
#   usr/src/linux-headers-KVER (+common), usr/lib/linux-kbuild-5.10
#   usr/bin/gcc-10 (+cpp-10, libgcc-10-dev)  the compiler the headers name
#   usr/lib/.../libssl.so.1.1             sign-file's library, for DKMS
#
# and, under build/bullseye/bpftrace/, the peer a Debian 11 user has:
# bpftrace 0.11 with the libraries Debian 12 lacks (LLVM 11, libclang 11,
# bcc 0.18, libbpf 0.3, libffi 7), run with LD_LIBRARY_PATH (make bench).
#
# The packages come from the same Debian mirror as this machine's
# bookworm ones, through a private sources list and apt state under
# build/bullseye/apt/: the machine's own apt setup is not touched.
# tests/vm/kernel-root.sh finds the kernel there.
set -eu

KVER=5.10.0-32-amd64
PKGS="linux-image-$KVER linux-headers-$KVER \
	linux-headers-5.10.0-32-common linux-kbuild-5.10 \
	gcc-10 cpp-10 gcc-10-base libgcc-10-dev libssl1.1"
PEER_PKGS="bpftrace libbpfcc libbpf0 libclang-cpp11 libclang1-11 libffi7 \
	libllvm11"

top=$(cd "$(dirname "$0")/.." && pwd)
b=$top/build/bullseye
root=$b/root
peer=$b/bpftrace
stamp=$b/.fetched
[ "$(cat "$stamp" 2>/dev/null)" = "$PKGS $PEER_PKGS" ] && exit 0

. "$top/tests/apt-private.inc"
mkdir -p "$b/debs"
apt_private "$b" bullseye
# shellcheck disable=SC2086
(cd "$b/debs" && apt_priv download $PKGS $PEER_PKGS >/dev/null)

rm -rf "$root" "$peer"
mkdir -p "$root" "$peer"
for p in $PKGS; do
	dpkg -x "$b/debs/${p}_"*.deb "$root"
done
for p in $PEER_PKGS; do
	dpkg -x "$b/debs/${p}_"*.deb "$peer"
done
# The headers include their common half by its absolute path: make it
# relative (make runs there), so that the tree works wherever it lies.
sed -i "s|^include /usr/src/|include ../|" \
	"$root/usr/src/linux-headers-$KVER/Makefile"
# modules.dep is made at installation, by depmod: modprobe and the
# guest's initramfs need it.
depmod -b "$root" -F "$root/boot/System.map-$KVER" "$KVER"
echo "$PKGS $PEER_PKGS" >"$stamp"
echo "fetch-bullseye: Debian 11's $KVER under $root"
