#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# -f json: the same JSON lines as Debian's bpftrace 0.17 -f json for the
# same programs (every map type at exit, keyed and not, hist and lhist
# rows, stats, avg, counters, print( ) with a divisor, clear, zero,
# printf with escapes, system, -q), each line parsed with python3; the
# blank lines bpftrace writes before the maps count too.
set -eu
command -v bpftrace >/dev/null || { echo "bpftrace missing: tests/install-deps.sh installs it"; exit 1; }
. ./bt-lib.inc	# dtrace prints as this bpftrace (DTRACE_BTRELEASE)
d=${TMPDIR:-/tmp}
progs=(
'BEGIN { printf("hi %d \"q\" \\ tab\t\n", 42); @c = count(); @s = sum(5); @mx = max(7); @mn = min(-2); @a = avg(4); @k[1] = count(); @k[2] = count(); @k[2] = count(); @ss["a"] = sum(3); @m[1, "x"] = count(); @h = hist(3); @h = hist(100); @h = hist(0); @h = hist(-1); @l = lhist(5, 0, 10, 5); @l = lhist(50, 0, 10, 5); @l = lhist(-3, 0, 10, 5); @hk["a"] = hist(3); @hk["b"] = hist(1000); @lk[1] = lhist(3, 0, 10, 5); @st = stats(10); @st = stats(20); @sk["x"] = stats(5); @ak[1] = avg(10); @ak[2] = avg(4); @n++; @n++; @cm["a"] += 5; exit(); }'
'BEGIN { @x[1] = count(); print(@x); print(@x, 0, 2); @y = count(); clear(@y); @z = count(); zero(@z); @e = sum(0); exit(); } END { printf("end\n"); }'
)
cmp_json() { # PROG OPTS...
	local p=$1
	shift
	bpftrace -f json "$@" -e "$p" >"$d/bt.json"
	"$DTRACE" --bpftrace -f json "$@" -e "$p" >"$d/dt.json"
	python3 - "$d/bt.json" "$d/dt.json" <<'PY' || { echo "for: $p"; cat "$d/bt.json" "$d/dt.json"; exit 1; }
import json, sys
def load(path):
    return [json.loads(l) if l.strip() else None for l in open(path)]
a, b = load(sys.argv[1]), load(sys.argv[2])
if a != b:
    print("bpftrace:", a)
    print("dtrace:  ", b)
    sys.exit(1)
PY
	# the same text too: bpftrace's spacing
	diff -u "$d/bt.json" "$d/dt.json"
}
for p in "${progs[@]}"; do
	cmp_json "$p"
done
cmp_json 'BEGIN { printf("q\n"); system("echo sys"); exit(); }' -q --unsafe
echo ok
