#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# bpftrace's options and variables on dtrace: -q, -o (truncates), -B,
# --dry-run, -d, -k, --no-warnings, BPFTRACE_STRLEN, BPFTRACE_MAX_PROBES,
# and the command run as a link whose name ends in bpftrace.
set -eu
d=${TMPDIR:-/tmp}
fail() { echo "$1"; shift; printf '%s\n' "$@"; exit 1; }
p='BEGIN { printf("x\n"); @c = count(); exit(); }'
out=$("$DTRACE" --bpftrace -q -e "$p")
[ "$out" = $'x\n\n\n@c: 1' ] || fail "-q:" "$out"
echo old >"$d/bt-o.txt"
out=$("$DTRACE" --bpftrace -B none -o "$d/bt-o.txt" -e "$p")
[ -z "$out" ] || fail "-o: stdout:" "$out"
[ "$(cat "$d/bt-o.txt")" = $'Attaching 1 probe...\nx\n\n\n@c: 1' ] || fail "-o:" "$(cat "$d/bt-o.txt")"
out=$("$DTRACE" --bpftrace --dry-run -e "$p" 2>&1)
[ -z "$out" ] || fail "--dry-run:" "$out"
out=$("$DTRACE" --bpftrace -d -e "$p" 2>&1)
echo "$out" | grep -q '^dtrace:::BEGIN action #1:$' || fail "-d:" "$out"
echo "$out" | grep -q 'ret %r' || fail "-d:" "$out"
out=$("$DTRACE" --bpftrace --no-warnings -e 'kprobe:nosuchfunc_xyz, BEGIN { exit(); }' 2>&1)
[ "$out" = "Attaching 1 probe..." ] || fail "--no-warnings:" "$out"
out=$(BPFTRACE_STRLEN=8 "$DTRACE" --bpftrace -e 'BEGIN { @m["0123456789abcdef"] = count(); exit(); }')
[ "$out" = $'Attaching 1 probe...\n\n\n@m[0123456]: 1' ] || fail "BPFTRACE_STRLEN=8:" "$out"
rc=0
out=$(BPFTRACE_MAX_PROBES=1 "$DTRACE" --bpftrace -e 'BEGIN, END { }' 2>&1) || rc=$?
[ "$rc" = 1 ] && echo "$out" | grep -q "^ERROR: Can't attach to 2 probes because it exceeds the current limit of 1 probes.$" ||
	fail "BPFTRACE_MAX_PROBES=1 (rc $rc):" "$out"
# -k: the fault as a warning at its statement (the clause stops there)
out=$("$DTRACE" --bpftrace -k -e 'BEGIN { printf("[%s]\n", str(1)); } BEGIN { exit(); }' 2>&1)
exp="Attaching 2 probes...
stdin:1:9-15: WARNING: Failed to read 0x1: invalid address; the probe's action stops here
BEGIN { printf(\"[%s]\\n\", str(1)); } BEGIN { exit(); }
        ^~~~~~"
[ "$out" = "$exp" ] || fail "-k:" "$out"
ln -sf "$(readlink -f "$DTRACE")" "$d/dtrace-bpftrace"
out=$("$d/dtrace-bpftrace" -f json -e "$p")
[ "$out" = $'{"type": "attached_probes", "data": {"probes": 1}}\n{"type": "printf", "data": "x\\n"}\n\n\n{"type": "map", "data": {"@c": 1}}' ] ||
	fail "as dtrace-bpftrace:" "$out"
echo ok
