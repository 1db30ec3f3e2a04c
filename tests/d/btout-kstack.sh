#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# -x oformat=bpftrace, kernel stack keys: btout-kstack.bpftrace is what
# bpftrace 0.17 printed for
#   bpftrace -e 'kprobe:ksys_sync { @[kstack] = count(); @k[kstack(3)] = count(); @p[pid > 0] = count(); }' -c /bin/sync
# Ours is the same byte for byte but for one frame: a kprobe's stack
# starts in the probed function ("ksys_sync+1"), stack( ) at an fbt
# entry probe at its caller, as in DTrace. So @k takes stack(2).
set -eu
"$DTRACE" -x oformat=bpftrace -c /bin/sync -n 'fbt::ksys_sync:entry
{ @[stack()] = count(); @k[stack(2)] = count(); @p[pid > 0] = count(); }' \
	>"$TMPDIR/out" 2>"$TMPDIR/err"
grep -v '^    ksys_sync+1$' btout-kstack.bpftrace >"$TMPDIR/want"
# The transcript is of 6.1.0-56-amd64; elsewhere offsets differ.
if [ "$(uname -r)" != 6.1.0-56-amd64 ]; then
	sed -i 's/+[0-9]*$/+OFF/' "$TMPDIR/want" "$TMPDIR/out"
fi
diff -u "$TMPDIR/want" "$TMPDIR/out"
[ ! -s "$TMPDIR/err" ] || { cat "$TMPDIR/err"; exit 1; }
