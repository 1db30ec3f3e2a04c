#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Last, as it cannot be undone in this boot: a kernel locked down for
# confidentiality refuses tracing, and the command says why.
set -u
ld=/sys/kernel/security/lockdown
[ -e "$ld" ] || mount -t securityfs securityfs /sys/kernel/security 2>/dev/null
[ -w "$ld" ] || { echo "# no lockdown LSM: nothing to test"; exit 0; }
echo confidentiality >"$ld" || exit 1
err=$("$DTRACE" -n 'BEGIN { exit(0); }' 2>&1)
st=$?
[ $st = 1 ] || { echo "status $st"; exit 1; }
[ "$err" = "dtrace: failed to initialize dtrace: the kernel is locked down (confidentiality) and forbids reading its memory: /dev/dtrace: Operation not permitted" ] ||
	{ echo "got '$err'"; exit 1; }
