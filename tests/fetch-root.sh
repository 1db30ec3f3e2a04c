#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# fetch-root.sh SUITE: a whole Debian system of another release (trixie,
# forky), made by debootstrap from the same Debian mirror as this
# machine's bookworm packages, under build/SUITE/root/, never installed
# on this machine. The guest boots it as its root (tests/vm/run-guest.sh
# --root), with its own kernel:
#
#   boot/vmlinuz-KVER, lib/modules/KVER   the kernel linux-image-amd64
#                                          depends on today (it moves)
#   usr/src/linux-headers-KVER + gcc      what DKMS builds the module with
#   bpftrace, libbpf, python3, dkms       that release's userland and peer
#   ldc, nodejs, iproute2, curl, procps   what the suite's D-program,
#                                         stackcollapse, netns, packages'
#                                         exporter and killsnoop tests run
#
# Quick when the root is there already and its kernel is still the one
# the suite's metapackage names (packages added to the list below are
# installed into it); else made again (14-16 minutes on a busy machine).
set -eu

SUITE=${1:?usage: $0 trixie|forky}
top=$(cd "$(dirname "$0")/.." && pwd)
b=$top/build/$SUITE
root=$b/root
stamp=$b/.made
PKGS="make gcc libc6-dev libelf-dev bison flex kmod bc dwarves bpftrace libbpf-dev \
	python3 dkms xz-utils strace pkg-config \
	systemtap-sdt-dev libc6-dbg ca-certificates ldc nodejs iproute2 curl \
	procps"

command -v debootstrap >/dev/null ||
	{ echo "fetch-root: debootstrap is not installed" >&2; exit 1; }
. "$top/tests/apt-private.inc"
mirror=$(debian_mirror)

# The kernel the release's metapackage names today, from a private apt
# state (the root's own would need the root first).
apt_private "$b" "$SUITE"
kver=$(APT_CMD=apt-cache apt_priv -qq depends linux-image-amd64 2>/dev/null |
	sed -n 's/.*Depends: linux-image-\([^ ]*-amd64\)\( .*\)*$/\1/p' |
	head -n 1)
[ -n "$kver" ] || { echo "fetch-root: no kernel in $SUITE" >&2; exit 1; }
[ "$(cat "$stamp" 2>/dev/null)" = "$kver $PKGS" ] && exit 0

in_root() {
	"$top/tests/in-root.sh" "$root" env DEBIAN_FRONTEND=noninteractive \
		INITRD=No "$@"
}
# The kernel and its headers (which bring the gcc it was built with),
# installed inside the root: no initramfs (the guest makes its own) and
# no bootloader to update.
install_in_root() {
	# shellcheck disable=SC2086
	in_root apt-get install -y --no-install-recommends $PKGS \
		"linux-image-$kver" "linux-headers-$kver" \
		>>"$b/debootstrap.log" 2>&1 &&
		in_root apt-get clean ||
		{ tail -n 20 "$b/debootstrap.log" >&2; exit 1; }
}
if [ "$(cut -d' ' -f1 "$stamp" 2>/dev/null)" = "$kver" ]; then
	install_in_root
	echo "$kver $PKGS" >"$stamp"
	exit 0
fi

rm -rf "$root"
mkdir -p "$root"
# shellcheck disable=SC2086
debootstrap --variant=minbase --include="$(echo $PKGS | tr ' ' ,)" \
	"$SUITE" "$root" "$mirror" /usr/share/debootstrap/scripts/sid \
	>"$b/debootstrap.log" 2>&1 ||
	{ tail -n 20 "$b/debootstrap.log" >&2; exit 1; }
install_in_root
echo "$kver $PKGS" >"$stamp"
echo "fetch-root: Debian $SUITE with $kver under $root"
