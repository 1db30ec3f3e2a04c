#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Aggregating real events: syscalls of a command by name, printed at exit
# in DTrace's columns, sorted by count.
set -eu
out=$("$DTRACE" -q -c '/bin/cat /etc/hostname' -n 'syscall:::entry /pid == $target/ { @[probefunc] = count(); }' | sed 1d)
[ "$(printf '%s\n' "$out" | sed -n 1p)" = "" ] || { echo "$out"; exit 1; }
printf '%s\n' "$out" | sed 1d | grep -Evq '^  [a-z0-9_]+ +[0-9]+$' && { echo "$out"; exit 1; }
printf '%s\n' "$out" | grep -Eq '^  read {47} +[0-9]+$' || { echo "$out"; exit 1; }
# counts ascend
printf '%s\n' "$out" | sed 1d | awk '{ if ($2 < last) exit 1; last = $2 }' || { echo "$out"; exit 1; }
