#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# A bad or unknown -x or -b value is DTrace's error with its status, 1
# (a usage error's is 2).
set -u
check() { # WANT ARGS...
	local want=$1 got st
	shift
	got=$("$DTRACE" "$@" -n BEGIN 2>&1 >/dev/null)
	st=$?
	[ "$st" = 1 ] || { echo "$*: status $st"; exit 1; }
	[ "$got" = "$want" ] || { echo "$*: got '$got'"; exit 1; }
}
check "dtrace: failed to set -x nspec: Invalid value for specified option" \
	-x nspec=-72
check "dtrace: failed to set -x nosuchoption: Invalid option name" \
	-x nosuchoption
check "dtrace: failed to set -b 12q: Invalid value for specified option" \
	-b 12q
exit 0
