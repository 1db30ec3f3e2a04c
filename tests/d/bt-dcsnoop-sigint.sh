#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# A SIGINT that comes while dtrace still starts is not lost. A tracer
# run in the background of a script starts with SIGINT ignored; fbt's
# offers (kallsyms read once per description) took 30 s on 6.12 under
# emulation, and a SIGINT then did nothing: dcsnoop traced on until it
# was killed. The signal is caught before /dev/dtrace opens, so once
# the device is open, SIGINT must stop tracing right after GO: BEGIN and
# END print, and dtrace exits.
set -eu
out=${TMPDIR:-/tmp}/bt-dcsnoop-sigint.out
"$DTRACE" --bpftrace -e '
BEGIN { printf("begin\n"); }
kprobe:d_lookup { @n = count(); }
kretprobe:d_lookup { @r = count(); }
END { printf("end\n"); }' >"$out" 2>&1 &
pid=$!
open=0
for _ in $(seq 300); do
	if ls -l "/proc/$pid/fd" 2>/dev/null | grep -q ' -> /dev/dtrace$'; then
		open=1
		break
	fi
	kill -0 "$pid" 2>/dev/null || break
	sleep 0.1
done
[ "$open" = 1 ] || { echo "dtrace did not open /dev/dtrace"; cat "$out"
	kill -KILL "$pid" 2>/dev/null; exit 1; }
kill -INT "$pid"
for _ in $(seq 200); do
	kill -0 "$pid" 2>/dev/null || break
	sleep 0.1
done
if kill -KILL "$pid" 2>/dev/null; then
	echo "dtrace ignored a SIGINT sent while it started:"
	cat "$out"
	exit 1
fi
rc=0
wait "$pid" || rc=$?
[ "$rc" = 0 ] || { echo "dtrace exited with $rc:"; cat "$out"; exit 1; }
grep -qx begin "$out" && grep -qx end "$out" || {
	echo "BEGIN or END missing:"; cat "$out"; exit 1; }
