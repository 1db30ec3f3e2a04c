#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# make bench-peer [PEER_KVER=...]: in one guest of Debian 11's 5.10 (by
# default), dtrace beside Debian 12's bpftrace 0.17 and Debian 11's 0.11
# (extracted under build/bullseye/bpftrace/ by make deps): make bench's
# startup and per-event cases (bench/guest_bench.py), then bpftrace's
# README one-liners and Debian's bpftrace tools (bench/peer_guest.py).
# Tables on stdout; JSON in build/peer-bench.json and build/peer.json.
set -eu
cd "$(dirname "$0")/.."
kver=${PEER_KVER:-5.10.0-32-amd64}
p=$PWD/build/bullseye/bpftrace
[ -x "$p/usr/bin/bpftrace" ] || { echo "no $p: run make deps" >&2; exit 1; }
tests/kmod-build.sh "$kver"
peers="[[\"bpftrace-0.17\", \"/usr/bin/bpftrace\", null, null],
	[\"bpftrace-0.11\", \"$p/usr/bin/bpftrace\",
	 \"$p/usr/lib/x86_64-linux-gnu:$p/usr/lib/llvm-11/lib\",
	 \"$p/usr/sbin\"]]"
tests/vm/run-guest.sh --kver "$kver" --timeout 3600 \
	--module "build/matrix/$kver/kmod/dtrace.ko" -- /usr/bin/env \
	PEERS="$peers" /bin/bash -c \
	"python3 bench/guest_bench.py ${BENCH_RUNS:-5}; python3 bench/peer_guest.py" |
	tee build/peer.log
sed -n 's/^BENCH-JSON //p' build/peer.log >build/peer-bench.json
sed -n 's/^PEER-JSON //p' build/peer.log >build/peer.json
python3 bench/report.py build/peer-bench.json
python3 bench/peer_report.py build/peer.json
