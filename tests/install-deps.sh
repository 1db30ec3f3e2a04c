#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Install, as root, every Debian package the project builds and tests
# with, and the kernels of the test matrix; fetch Debian 11's 5.10 kernel
# into build/ (fetch-bullseye.sh). Quick when they are all present
# already.
#
# install-deps.sh --demo: only what make demo needs (build the module
# and the command for the default kernel, boot it in a guest). The
# default kernel's image is unpacked under build/kernel/root/ for the
# guest, not installed (see below).
# install-deps.sh --no-roots: all of it but Debian 13's and testing's
# roots under build/ (fetch-root.sh, made side by side: 6-16 minutes),
# which make check boots for their part of the matrix.
set -eu

# Not build-essential: its g++, dpkg-dev and perl are a tenth of a fresh
# host's demo and build nothing the demo runs.
DEMO_PKGS="make gcc libc6-dev bison flex libelf-dev libbpf-dev \
	dwarves pkg-config linux-headers-amd64 \
	qemu-system-x86 cpio xz-utils kmod"
PKGS="$DEMO_PKGS linux-image-amd64 build-essential busybox-static \
	linux-source-6.1 dkms bpftrace \
	clang libclang-rt-14-dev python3 strace systemtap-sdt-dev ldc \
	debhelper dh-dkms dpkg-dev libc6-dbg debootstrap prometheus chromium zstd"
demo=0
[ "${1:-}" = --demo ] && { demo=1; PKGS=$DEMO_PKGS; }
roots=1
[ "${1:-}" = --demo ] && roots=0
[ "${1:-}" = --no-roots ] && roots=0
# The kernel matrix beyond the default: 6.1 PREEMPT_RT and 6.12. Wanted,
# not required: a Debian point release may rename the 6.12 packages.
MATRIX_PKGS="linux-image-rt-amd64 linux-headers-rt-amd64 \
	linux-image-6.12.107+deb12-amd64-unsigned \
	linux-headers-6.12.107+deb12-amd64"

absent() {
	for p in "$@"; do
		dpkg-query -W -f='${Status}' "$p" 2>/dev/null |
			grep -q 'ok installed' || echo "$p"
	done
}
# shellcheck disable=SC2086
missing=$(absent $PKGS | tr '\n' ' ')
optional=
# shellcheck disable=SC2086
[ "$demo" = 1 ] || optional=$(absent $MATRIX_PKGS | tr '\n' ' ')
# Node.js runs stackvis's stackcollapse (the stack-profile acceptance
# test); any node already on the machine will do.
if [ "$demo" = 0 ] && ! { command -v node && command -v npm; } >/dev/null; then
	missing="$missing nodejs npm"
fi

if [ -n "$missing$optional" ]; then
	if [ "$(id -u)" != 0 ]; then
		echo "install-deps: need root to install:$missing" >&2
		exit 1
	fi
	export DEBIAN_FRONTEND=noninteractive
	apt-get update
	if [ -n "$missing" ]; then
		# shellcheck disable=SC2086
		apt-get install -y --no-install-recommends $missing
	fi
	if [ -n "$optional" ]; then
		# shellcheck disable=SC2086
		apt-get install -y --no-install-recommends $optional ||
			echo "install-deps: kernel matrix incomplete: $optional" >&2
	fi
fi

# unpack DIR PKG...: download the packages and unpack them under DIR,
# without installing them (apt-get update first if the lists lack them).
unpack() {
	dir=$1
	shift
	tmp=$(mktemp -d)
	# apt downloads as its own user where it can write
	chown _apt "$tmp" 2>/dev/null || :
	rc=0
	(cd "$tmp" && { apt-get download "$@" ||
		{ apt-get update && apt-get download "$@"; }; }) || rc=1
	mkdir -p "$dir"
	for deb in "$tmp"/*.deb; do
		[ "$rc" = 0 ] && { dpkg-deb -x "$deb" "$dir" || rc=1; }
	done
	rm -rf "$tmp"
	return $rc
}

# The demo installs neither of the two packages the guest boots with.
# The guest's init is a static busybox, taken out of its package:
# installing it would replace the machine's busybox and make the
# machine's initramfs again (95 s of a fresh host's 229 s demo). The
# default kernel's image is unpacked under build/kernel/root/, where
# tests/vm/kernel-root.sh finds it: installing it would make its
# initramfs and make it the kernel the machine boots next.
if [ "$demo" = 1 ]; then
	top=$(cd "$(dirname "$0")/.." && pwd)
	bb=$top/build/busybox-static
	if [ -n "$(absent busybox-static)" ] && [ ! -x "$bb/bin/busybox" ]; then
		unpack "$bb" busybox-static || exit 1
	fi
	kver=$("$top/tests/default-kver.sh")
	kr=$top/build/kernel/root
	if [ ! -r "/boot/vmlinuz-$kver" ] && [ ! -r "$kr/boot/vmlinuz-$kver" ]; then
		rm -rf "$kr"
		# modules.dep is made at installation: the guest's
		# initramfs needs it.
		unpack "$kr" "linux-image-$kver" &&
			depmod -b "$kr" -F "$kr/boot/System.map-$kver" "$kver" ||
			exit 1
	fi
	exit 0
fi

# Debian starts the service it installs; tests/prom/run.sh runs its own
# Prometheus, on its own ports, only while it runs.
if command -v systemctl >/dev/null && [ -d /run/systemd/system ]; then
	systemctl disable --now prometheus 2>/dev/null || :
fi
[ -x /etc/init.d/prometheus ] &&
	{ /etc/init.d/prometheus stop >/dev/null 2>&1 || :; }
update-rc.d prometheus disable >/dev/null 2>&1 || :

# stackvis (npm) holds a stackcollapse for DTrace's stack output; kept
# in the build tree, out of the system's way.
sv=$(dirname "$0")/../build/npm
if [ ! -x "$sv/node_modules/stackvis/cmd/stackcollapse" ]; then
	mkdir -p "$sv"
	npm install --prefix "$sv" --no-audit --no-fund --loglevel=error \
		stackvis@0.5.0
fi

# speedscope (npm) must import -x oformat=folded's output
# (tests/flame/run.sh opens it in Chromium); kept in the build tree too.
ss=$(dirname "$0")/../build/npm-speedscope
if [ ! -r "$ss/node_modules/speedscope/dist/release/index.html" ]; then
	mkdir -p "$ss"
	npm install --prefix "$ss" --no-audit --no-fund --loglevel=error \
		speedscope@1.25.0
fi

# Debian 11's 5.10 for the matrix, with its headers and gcc-10: extracted
# under build/bullseye/, never installed. Wanted, not required.
"$(dirname "$0")/fetch-bullseye.sh" ||
	echo "install-deps: kernel matrix incomplete: Debian 11's 5.10 not fetched" >&2

# QEMU 10 for make check-smp (the reliability tests under multi-threaded
# TCG): extracted under build/qemu/, never installed. Wanted, not
# required.
"$(dirname "$0")/fetch-qemu.sh" ||
	echo "install-deps: QEMU 10 not fetched: make check-smp uses the system's" >&2

# Debian 13 (trixie) and testing (forky) as whole roots the guest boots
# with their own kernels: made by debootstrap under build/, never
# installed; both at once (mostly downloads and dpkg). Wanted, not
# required: make check then leaves their kernels out.
[ "$roots" = 1 ] || exit 0
for suite in trixie forky; do
	{ "$(dirname "$0")/fetch-root.sh" "$suite" ||
		echo "install-deps: kernel matrix incomplete: no $suite root" >&2
	} &
done
wait
