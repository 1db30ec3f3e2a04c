#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# btout-capture.sh OUTDIR: run, under Debian's bpftrace, the program each
# tests/d/btout-*.d names on its " * bt: " line, and keep what it printed
# as OUTDIR/NAME.out (stdout) and NAME.err; the stacks of btout-kstack.sh
# and btout-ustack.sh as OUTDIR/NAME.bpftrace. Run it in the guest, as
# root:
#
#   tests/vm/run-guest.sh -- tests/btout-capture.sh /tmp/bt
#
# The expected files of the btout-* tests are such transcripts.
set -u
out=${1:?usage: $0 OUTDIR}
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
mkdir -p "$out"
for d in "$here"/d/btout-*.d; do
	n=$(basename "$d" .d)
	prog=$(sed -n 's/^ \* bt: //p' "$d")
	[ -n "$prog" ] || continue
	timeout 60 bpftrace -e "$prog" >"$out/$n.out" 2>"$out/$n.err"
	echo "$n: exit $?"
done
timeout 60 bpftrace -e 'kprobe:ksys_sync { @[kstack] = count(); @k[kstack(3)] = count(); @p[pid > 0] = count(); }' \
	-c /bin/sync >"$out/btout-kstack.bpftrace" 2>&1
echo "btout-kstack: exit $?"
gcc -O1 -fno-omit-frame-pointer -o "$out/spin" "$here/d/btout-spin.c"
"$out/spin" 20 &
sp=$!
timeout 60 bpftrace -e "profile:hz:99 /pid == $sp/ { @[ustack] = count(); @u[ustack(2)] = count(); @k[kstack(2)] = count(); } interval:s:2 { exit(); }" \
	>"$out/btout-ustack.bpftrace" 2>&1
echo "btout-ustack: exit $?"
kill $sp
rm -f "$out/spin"
