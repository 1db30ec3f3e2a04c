#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# mkdeb.sh: build the Debian packages dtrace-linux-dkms and dtrace-linux
# from this tree with dpkg-buildpackage into build/deb/ (make deb).
#
# The tree (the files git tracks or would, as they are now, or all
# of it outside build/ when not a git checkout) is copied to
# build/deb/stage/ and built there, so the working tree stays clean.
# DEB_VERSION_SUFFIX (e.g. +local2) makes a newer local build: it is
# appended to VERSION, and a debian/changelog entry says so, in the copy
# only. Prints the paths of the packages built.
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
suffix=${DEB_VERSION_SUFFIX:-}
case $suffix in
*[!A-Za-z0-9.+~]*) echo "mkdeb: bad DEB_VERSION_SUFFIX '$suffix'" >&2; exit 2 ;;
esac
ver=$(cat "$top/VERSION")$suffix
out=$top/build/deb
stage=$out/stage
src=$stage/dtrace-linux-$ver

rm -rf "$stage"
mkdir -p "$src"
if git -C "$top" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
	# Tracked and new files that exist (not ignored ones, nor deletions
	# not yet committed).
	(cd "$top" && git ls-files -z -c -o --exclude-standard |
		while IFS= read -r -d '' f; do
			[ -e "$f" ] && printf '%s\0' "$f"
		done | tar --null -cf - -T -) | tar -xf - -C "$src"
else
	tar -C "$top" --exclude=./build --exclude=./.git -cf - . |
		tar -xf - -C "$src"
fi

# d3-flame-graph's page (make flamegraph, from npm): staged for the
# package, never committed
if [ -r "$top/build/flamegraph/flamegraph.html" ]; then
	mkdir -p "$src/vendor"
	cp -r "$top/build/flamegraph" "$src/vendor/"
fi

if [ -n "$suffix" ]; then
	echo "$ver" >"$src/VERSION"
	{
		echo "dtrace-linux ($ver) unstable; urgency=medium"
		echo
		echo "  * Local build of $(cat "$top/VERSION") with suffix $suffix."
		echo
		echo " -- DTrace for Linux developers <dtrace-linux@example.org>  $(date -R)"
		echo
		cat "$top/debian/changelog"
	} >"$src/debian/changelog"
fi

(cd "$src" && dpkg-buildpackage -b -us -uc) >"$stage/build.log" 2>&1 || {
	tail -n 40 "$stage/build.log" >&2
	echo "mkdeb: dpkg-buildpackage failed; log: $stage/build.log" >&2
	exit 1
}
arch=$(dpkg --print-architecture)
for p in "dtrace-linux-dkms_${ver}_all.deb" "dtrace-linux_${ver}_$arch.deb"; do
	mv "$stage/$p" "$out/"
	echo "$out/$p"
done
