#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# bpftrace's "user stacks at 99 Hz for a pid", the process number
# written in the program, unchanged otherwise: a busy shell is sampled
# for two seconds.
set -eu
. ./bt-lib.inc
sh -c 'while :; do :; done' &
bp=$!
trap 'kill $bp 2>/dev/null || true' EXIT
out=$("$DTRACE" --bpftrace -e "profile:hz:99 /pid == $bp/ { @[ustack] = count(); }
interval:s:2 { exit(); }")
kill $bp
# every sample ends with its count: "]: N" or DTrace's lone number
n=$(printf '%s\n' "$out" | awk '/\]: [0-9]+$/ { t += $NF } /^ +[0-9]+$/ { t += $1 } END { print t + 0 }')
bt_range "samples" "$n" 20 400 "$out"
