#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# in-root.sh ROOT CMD [ARGS...]: run CMD inside a release's root under
# build/ (tests/fetch-root.sh), as its own programs need: chrooted, with
# the root's PATH and a /proc (objtool reads its limits there), mounted
# in a private mount namespace so that nothing is left mounted after.
set -eu
root=$1
shift
exec unshare -m sh -c 'mount -t proc proc "$0/proc" && exec chroot "$0" \
	env PATH=/usr/sbin:/usr/bin:/sbin:/bin "$@"' "$root" "$@"
