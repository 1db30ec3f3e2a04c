#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# speculate(0) (what speculation( ) gives when none is free): what the
# clause records after it is discarded, silently; commit(0) and
# discard(0) do nothing. (A shell test: the host's fake module has no
# speculations.)
set -eu
out=$("$DTRACE" -q -n '
BEGIN { speculate(0); printf("never\n"); }
BEGIN { commit(0); }
BEGIN { discard(0); printf("after\n"); exit(0); }' 2>&1)
[ "$out" = "after" ] || { echo "got '$out'"; exit 1; }
