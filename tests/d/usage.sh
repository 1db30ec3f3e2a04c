#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# No program: usage on stderr, status 2. -h: usage on stdout, status 0.
set -u
"$DTRACE" >/dev/null 2>&1; [ $? = 2 ] || exit 1
"$DTRACE" -h | grep -q '^Usage: dtrace' || exit 1
"$DTRACE" -x nosuchoption -n 'BEGIN' 2>&1 >/dev/null |
	grep -qx 'dtrace: failed to set -x nosuchoption: Invalid option name'
