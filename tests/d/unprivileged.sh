#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# An unprivileged user is refused, in words, with status 1.
set -u
err=$(setpriv --reuid=65534 --regid=65534 --clear-groups \
	"$DTRACE" -n 'BEGIN { exit(0); }' 2>&1 >/dev/null)
st=$?
[ $st = 1 ] || { echo "status $st: $err"; exit 1; }
[ "$err" = "dtrace: failed to initialize dtrace: DTrace requires additional privileges (root or CAP_SYS_ADMIN): /dev/dtrace: Permission denied" ] ||
	{ echo "got '$err'"; exit 1; }
