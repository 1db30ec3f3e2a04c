#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# mkinitramfs.sh KVER OUT
#
# Build the guest's initramfs (gzipped cpio) for kernel KVER into OUT:
# static busybox, tests/vm/init as /init, and the modules that init
# needs to mount the host's root over 9p (plus overlayfs), taken from
# /lib/modules/KVER (or the tree kernel-root.sh finds it in) with their
# dependencies and decompressed, since busybox insmod cannot read .ko.xz.
#
# OUT is rebuilt only when an input changed: a hash of every input is
# kept next to it in OUT.key. MODDIR and BUSYBOX override where modules
# and busybox come from (for testing this script).
set -eu

if [ $# -ne 2 ]; then
	echo "usage: $0 KVER OUT" >&2
	exit 2
fi
kver=$1
out=$2
here=$(cd "$(dirname "$0")" && pwd)
moddir=${MODDIR:-$("$here/kernel-root.sh" "$kver" 2>/dev/null)lib/modules/$kver}
# make demo's own static busybox (install-deps.sh --demo), else the
# machine's (busybox-static)
busybox=${BUSYBOX:-$here/../../build/busybox-static/bin/busybox}
[ -n "${BUSYBOX:-}" ] || [ -x "$busybox" ] || busybox=/bin/busybox
# What init loads, in this order; their dependencies come first.
# 9p, 9pnet_virtio and virtio_pci are required unless built in;
# overlay is optional (init falls back to a tmpfs /tmp without it).
want="virtio_pci 9pnet_virtio 9p overlay"

die() { echo "mkinitramfs: $*" >&2; exit 1; }
[ -r "$moddir/modules.dep" ] || die "no $moddir/modules.dep (kernel $kver not installed?)"
[ -x "$busybox" ] || die "no $busybox: install busybox-static"

# Print the module files to load, dependencies first, each once.
# modules.dep lines read "path: dep-path dep-path ...".
modlist() {
	awk -v want="$want" -v builtin="$moddir/modules.builtin" '
	function name(p) { sub(/.*\//, "", p); sub(/\.ko.*/, "", p);
			   gsub(/-/, "_", p); return p }
	function visit(n,   i, k, d) {
		if (n in done) return
		done[n] = 1
		k = split(deps[n], d, " ")
		for (i = 1; i <= k; i++) visit(name(d[i]))
		print path[n]
	}
	BEGIN { while ((getline l < builtin) > 0) inkernel[name(l)] = 1 }
	{ p = $1; sub(/:$/, "", p); n = name(p); path[n] = p
	  $1 = ""; deps[n] = $0 }
	END {
		k = split(want, w, " ")
		for (i = 1; i <= k; i++) {
			if (w[i] in path) visit(w[i])
			else if (!(w[i] in inkernel) && w[i] != "overlay") {
				print "mkinitramfs: module " w[i] " missing" > "/dev/stderr"
				exit 1
			}
		}
	}' "$moddir/modules.dep"
}

mods=$(modlist)

# The cache key covers this script, init, busybox and each module.
key=$({
	echo "$kver"
	cat "$0" "$here/init" "$busybox"
	for m in $mods; do echo "$m"; cat "$moddir/$m"; done
} | sha256sum | cut -d' ' -f1)
if [ -s "$out" ] && [ "$(cat "$out.key" 2>/dev/null)" = "$key" ]; then
	exit 0
fi

mkdir -p "$(dirname "$out")"
# Private names, then a rename: concurrent builds cannot collide.
stage=$(mktemp -d "$out.stage.XXXXXX")
trap 'rm -rf "$stage" "$stage.cpio.gz"' EXIT

mkdir -p "$stage/bin" "$stage/lib/modules" "$stage/proc" "$stage/sys" \
	"$stage/dev" "$stage/host" "$stage/newroot" "$stage/ovl"
cp "$busybox" "$stage/bin/busybox"
for a in $("$busybox" --list); do
	[ "$a" = busybox ] || ln -s busybox "$stage/bin/$a"
done
cp "$here/init" "$stage/init"
chmod 755 "$stage/init"

: >"$stage/lib/modules/load"
for m in $mods; do
	base=$(basename "$m")
	case $base in
	*.ko) cp "$moddir/$m" "$stage/lib/modules/$base" ;;
	*.ko.xz) xz -dc "$moddir/$m" >"$stage/lib/modules/${base%.xz}" ;;
	*.ko.gz) gzip -dc "$moddir/$m" >"$stage/lib/modules/${base%.gz}" ;;
	*.ko.zst) zstd -qdc "$moddir/$m" >"$stage/lib/modules/${base%.zst}" ;;
	*) die "unknown module format: $m" ;;
	esac
	echo "${base%.ko*}.ko" >>"$stage/lib/modules/load"
done

(cd "$stage" && find . -mindepth 1 | LC_ALL=C sort |
	cpio --quiet -o -H newc -R 0:0) | gzip -1 >"$stage.cpio.gz"
mv "$stage.cpio.gz" "$out"
echo "$key" >"$out.key"
echo "mkinitramfs: built $out for $kver"
