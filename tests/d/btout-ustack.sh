#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# -x oformat=bpftrace, user stacks at 99 Hz of a process with symbols:
# the shape bpftrace 0.17 prints (btout-ustack.bpftrace, its transcript
# of the same program; counts and the sampled PCs vary from run to run):
#   bt: profile:hz:99 /pid == PID/ { @[ustack] = count(); @u[ustack(2)] = count(); @k[kstack(2)] = count(); } interval:s:2 { exit(); }
# Frames are "func+offset" in decimal, indented 4, between "@[" and
# "]: count"; entries ascend by count; mid( ) is a tail call, so leaf( )'s
# caller is main( ), as bpftrace shows it, and main's caller is libc's
# __libc_start_call_main, named from libc6-dbg's debug file as bcc does.
# A sample of user mode has no kernel stack: "@k[]: N", the most of @k.
set -eu
d=${TMPDIR:-/tmp}
gcc -O1 -fno-omit-frame-pointer -o "$d/spin" btout-spin.c
"$d/spin" 20 &
sp=$!
trap 'kill $sp 2>/dev/null || :' EXIT
"$DTRACE" -x oformat=bpftrace -p "$sp" -n 'profile-99 /pid == $target/
{ @[ustack()] = count(); @u[ustack(2)] = count(); @k[stack(2)] = count(); }
tick-2s { exit(0); }' \
	>"$d/out" 2>"$d/err"
fail() { echo "$1"; cat "$d/out" "$d/err"; exit 1; }
[ ! -s "$d/err" ] || fail "stderr is not empty"
[ "$(sed -n 1,3p "$d/out")" = "$(printf 'Attaching 2 probes...\n\n')" ] ||
	fail "no Attaching line and two blank lines"
# every line after them: a key opening, a frame, or a key's end
sed 1,3d "$d/out" | grep -Ev '^@k\[\]: [1-9][0-9]*$|^@[uk]?\[$|^    ([A-Za-z_][A-Za-z0-9_.]*\+[0-9]+|0x[0-9a-f]+)$|^\]: [1-9][0-9]*$' &&
	fail "lines unlike bpftrace's"
grep -q '^@\[$' "$d/out" && grep -q '^@u\[$' "$d/out" || fail "a map is missing"
# leaf, then main, as the transcript has it
grep -A1 -E '^    leaf\+[0-9]+$' "$d/out" | grep -qE '^    main\+[0-9]+$' ||
	fail "no leaf+N above main+N"
# user-mode samples (most) have no kernel frames
grep -E '^@k\[' "$d/out" | tail -1 | grep -qE '^@k\[\]: [1-9]' ||
	fail "user-mode samples with kernel frames"
# @u keeps two frames; each map ascends by count
awk '/^@[a-z]*\[/ { m = substr($0, 1, index($0, "[") - 1); n = 0 }
	/^@[a-z]*\[$/ { next }
	/^    / { if (m == "@u" && ++n > 2) bad = 1; next }
	/\]: [0-9]+$/ { v = $NF + 0; if ((m in last) && v < last[m]) bad = 1; last[m] = v }
	END { exit bad }' "$d/out" || fail "more than 2 frames in @u, or not ascending"
# with libc6-dbg, libc's local function is named, as bcc names it
id=$(readelf -n /lib/x86_64-linux-gnu/libc.so.6 | sed -n 's/.*Build ID: //p')
if [ -n "$id" ] && [ -r "/usr/lib/debug/.build-id/${id:0:2}/${id:2}.debug" ]; then
	grep -A2 -E '^    leaf\+[0-9]+$' "$d/out" |
		grep -qE '^    __libc_start_call_main\+[0-9]+$' ||
		fail "no __libc_start_call_main+N under main"
fi
