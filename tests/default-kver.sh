#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The kernel the project builds and tests for by default: the one Debian's
# linux-headers-amd64 points at (Debian's default kernel), so that
# installing other kernels for the matrix does not move the default; else
# the newest installed Debian amd64 kernel headers.
v=$(dpkg-query -W -f='${Depends}' linux-headers-amd64 2>/dev/null |
	sed -n 's/^linux-headers-\([^ ,]*\).*/\1/p')
if [ -n "$v" ] && [ -d "/usr/src/linux-headers-$v" ]; then
	echo "$v"
	exit 0
fi
find /usr/src -maxdepth 1 -name 'linux-headers-*-amd64' |
	sed 's|.*/linux-headers-||' | sort -V | tail -n 1
