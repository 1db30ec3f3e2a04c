#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# tests/flame/guest.sh DTRACE TAG: the guest's half of
# tests/flame/run.sh. Profiles dd reading /dev/zero (its hot path is
# vfs_read) with profile-997 for 3 s, once as folded stacks and once as
# a flame graph page, into RESULTS_DIR. TAG only lets the host find
# this run.
set -eu
dtrace=$1
prog='profile-997 /execname == "dd" && arg0/ { @[execname, stack()] = count(); }
	tick-3s { exit(0); }'
dd if=/dev/zero of=/dev/null bs=1M count=1000000 2>/dev/null &
dd=$!
trap 'kill $dd 2>/dev/null || :' EXIT
"$dtrace" -q -x oformat=folded -o "$RESULTS_DIR/profile.folded" -n "$prog"
DTRACE_FLAMEGRAPH=$PWD/build/flamegraph/flamegraph.html \
	"$dtrace" -q -x oformat=flamegraph -o "$RESULTS_DIR/profile.html" \
	-n "$prog"
echo "folded: $(wc -l <"$RESULTS_DIR/profile.folded") lines"
