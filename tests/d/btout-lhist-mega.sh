#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# bpftrace's lhist takes a step DTrace's lquantize refuses (more than 16
# bits: D_LQUANT_STEPVAL in D), and prints M bounds as Debian's bpftrace
# 0.17 does (its line captured by tests/btout-capture.sh).
set -eu
out=$("$DTRACE" --bpftrace -e 'BEGIN { @g = lhist(1048576, 0, 3145728, 1048576); exit(); }')
row='[1M, 2M)               1 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@|'
grep -qxF "$row" <<<"$out" || { echo "got: $out"; exit 1; }
grep -qx '@g: ' <<<"$out" || { echo "got: $out"; exit 1; }
err=$("$DTRACE" -e -n 'BEGIN { @g = lquantize(1, 0, 3145728, 1048576); }' 2>&1) &&
	{ echo "D took a 20-bit step"; exit 1; }
grep -q 'lquantize( ) argument #3 must be a 16-bit quantity' <<<"$err" ||
	{ echo "D: $err"; exit 1; }
