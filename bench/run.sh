#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# make bench: boot one guest, measure dtrace beside bpftrace there
# (bench/guest_bench.py), then print the table and keep the JSON in
# build/bench.json. Also the DIF interpreter on the host, and the
# instructions per firing of the module's firing path (make bench-insns).
set -eu
cd "$(dirname "$0")/.."
tests/vm/run-guest.sh --timeout 1500 --module kmod/dtrace.ko -- \
	/usr/bin/python3 bench/guest_bench.py "${BENCH_RUNS:-5}" | tee build/bench.log
sed -n 's/^BENCH-JSON //p' build/bench.log >build/bench.json
make -s dif-bench >build/dif-bench.txt
python3 bench/report.py build/bench.json build/dif-bench.txt
echo
echo "Instructions per event, the firing path under callgrind (make bench-insns):"
make -s bench-insns | tee build/bench-insns.txt
