#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# No program: usage on stderr, status 2. --help: usage on stdout, status 0.
# -h, -G, -A: refused with why, status 2, never the usage.
set -u
"$DTRACE" >/dev/null 2>&1; [ $? = 2 ] || exit 1
"$DTRACE" --help | grep -q '^Usage: dtrace' || exit 1
for f in h G A a; do
	out=$("$DTRACE" -$f 2>&1 >/dev/null); rc=$?
	[ $rc = 2 ] || exit 1
	case "$out" in "dtrace: -$f is not supported: "*) ;; *) exit 1 ;; esac
done
"$DTRACE" -x nosuchoption -n 'BEGIN' 2>&1 >/dev/null |
	grep -qx 'dtrace: failed to set -x nosuchoption: Invalid option name'
