#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# run.sh [run-guest.sh options]: the packages' life in a guest (make
# check-pkg). Builds the Debian packages twice, as VERSION and as a newer
# VERSION+pkgtest2, then boots one guest (a writable overlay root) where
# guest-install.sh installs the first pair, lets DKMS build the module,
# traces, upgrades to the second pair, traces, and purges them. Prints
# TAP lines and "N passed, N failed"; the exit status is run-guest.sh's.
# PKG_TIMEOUT: seconds for the guest's command (default 1800).
# PKG_NO_UPGRADE=1: install, trace and purge the first pair only.
# PKG_BUILT=1: the four packages are in build/deb already (make check
# builds them once for two guests that run at the same time).
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top"
ver=$(cat VERSION)
new=+pkgtest2
arch=$(dpkg --print-architecture)

if [ "${PKG_BUILT:-0}" != 1 ]; then
	./debian/mkdeb.sh >/dev/null
	DEB_VERSION_SUFFIX=$new ./debian/mkdeb.sh >/dev/null
fi
d=$top/build/deb
# DKMS builds for the running kernel only, unless PKG_ALL_KERNELS=1 (then
# for the newest installed kernel too, as on a real machine).
all=()
[ "${PKG_ALL_KERNELS:-0}" = 1 ] && all=(--all-kernels)
[ "${PKG_NO_UPGRADE:-0}" = 1 ] && all+=(--no-upgrade)
exec tests/vm/run-guest.sh --timeout "${PKG_TIMEOUT:-1800}" "$@" -- \
	tests/pkg/guest-install.sh "${all[@]}" \
	"$d/dtrace-linux-dkms_${ver}_all.deb" "$d/dtrace-linux_${ver}_$arch.deb" \
	"$d/dtrace-linux-dkms_${ver}${new}_all.deb" \
	"$d/dtrace-linux_${ver}${new}_$arch.deb"
