#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Sourced in the guest by job.sh, before guest-run.sh, when the booted
# kernel is not installed on the host but extracted under build/ (see
# kernel-root.sh; VM_KROOT names that tree): its files appear at their
# usual paths (/lib/modules/KVER, /usr/src/linux-headers-KVER, gcc-10 on
# PATH ...) as symbolic links in the guest's RAM overlay, so modprobe
# and DKMS work as on a machine where the packages are installed. What
# the host's root has already is left alone; nothing reaches the host.
# The links go through a bind mount at /run/kroot, which stays when a
# test hides the source tree (tests/pkg/guest-install.sh does).

# vm_kroot_merge SRC DST: link every entry of SRC missing from DST, and
# descend into the directories both have. One ln per directory: each
# process costs tens of milliseconds under TCG.
vm_kroot_merge() {
	local src=$1 dst=$2 e new=()
	for e in "$src"/*; do
		[ -e "$e" ] || [ -L "$e" ] || continue
		if [ -e "$dst/${e##*/}" ] || [ -L "$dst/${e##*/}" ]; then
			[ -d "$e" ] && [ ! -L "$e" ] && [ -d "$dst/${e##*/}" ] &&
				vm_kroot_merge "$e" "$dst/${e##*/}"
		else
			new+=("$e")
		fi
	done
	[ ${#new[@]} = 0 ] || ln -s "${new[@]}" "$dst/"
}

if [ -n "${VM_KROOT:-}" ] && [ "$VM_KROOT" != / ] &&
	mkdir -p /run/kroot && mount --bind "$VM_KROOT" /run/kroot; then
	vm_kroot_merge /run/kroot ""
fi
