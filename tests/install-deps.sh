#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Install, as root, every Debian package the project builds and tests
# with. Quick when they are all present already.
set -eu

PKGS="build-essential make gcc bison flex libelf-dev pkg-config \
	linux-image-amd64 linux-headers-amd64 linux-source-6.1 dkms \
	qemu-system-x86 busybox-static cpio xz-utils kmod bpftrace \
	clang libclang-rt-14-dev python3"

missing=""
for p in $PKGS; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'ok installed' ||
		missing="$missing $p"
done
[ -z "$missing" ] && exit 0

if [ "$(id -u)" != 0 ]; then
	echo "install-deps: need root to install:$missing" >&2
	exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update
# shellcheck disable=SC2086
apt-get install -y --no-install-recommends $missing
