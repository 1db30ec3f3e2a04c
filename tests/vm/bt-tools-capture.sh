#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# bt-tools-capture.sh (make capture-bt-tools): runs the comparisons of
# Debian's bpftrace tools (tests/d/bt-tools-vs-bpftrace-*.sh) in a guest
# of the default kernel with bpftrace beside dtrace, and keeps
# bpftrace's side of each, as compared, in tests/d/bt-tools-peer/: the
# file TOOL.cmp, or TOOL.skip with why there is nothing to compare, and
# CAPTURED, bpftrace's version and the kernel's series it ran on. The suite
# reads them there instead of running bpftrace again (bt-lib.inc). The
# comparisons must pass while capturing; nothing is written otherwise.
#
# --guest PARTS... is the part that runs in the guest.
set -u
cd "$(dirname "$0")/../.." || exit 2
if [ "${1:-}" = --guest ]; then
	shift
	cd tests/d || exit 2
	rc=0
	for p in "$@"; do
		t=$(mktemp -d)
		# a part's skip (77) is no failure: its skips are captured
		BT_PEER=live BT_CAPTURE=1 TMPDIR=$t DTRACE=$PWD/../../user/dtrace \
			bash "bt-tools-vs-bpftrace-$p.sh" </dev/null 2>&1 ||
			[ $? = 77 ] || { echo "# part $p failed"; rc=1; }
		rm -rf "$t"
	done
	exit "$rc"
fi
kver=${KVER:-$(tests/default-kver.sh)}
out=$(mktemp)
trap 'rm -rf "$out" "$out.d"' EXIT
parts=$(printf "%s\n" tests/d/bt-tools-vs-bpftrace-*.sh | sed 's/.*-\([0-9]*\)\.sh$/\1/')
# shellcheck disable=SC2086 # the parts' numbers
tests/vm/run-guest.sh --kver "$kver" --timeout 3600 \
	--module kmod/dtrace.ko -- "$0" --guest $parts | tee "$out"
rc=${PIPESTATUS[0]}
if [ "$rc" != 0 ]; then
	echo "bt-tools-capture: the guest's comparisons failed (exit $rc): nothing written" >&2
	exit 1
fi
mkdir "$out.d"
awk -v dir="$out.d" '
	/^=== end$/ { f = ""; next }
	/^=== bt-tools-peer / { f = dir "/" $3; printf "" >f; next }
	f != "" { print >>f }' "$out"
[ -s "$out.d/CAPTURED" ] || { echo "bt-tools-capture: no capture" >&2; exit 1; }
rm -rf tests/d/bt-tools-peer
mkdir -p tests/d/bt-tools-peer
cp "$out.d"/* tests/d/bt-tools-peer/
echo "bt-tools-capture: $(find tests/d/bt-tools-peer -type f | wc -l) files in tests/d/bt-tools-peer ($(cat tests/d/bt-tools-peer/CAPTURED))"
