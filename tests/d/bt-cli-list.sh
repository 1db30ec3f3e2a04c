#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# -l and -lv in bpftrace's names: the same lines as Debian's bpftrace
# 0.17 for kprobes, kretprobes, tracepoints (short name and globs),
# tracepoint fields (-lv) and uprobes of /bin/bash; software events in
# bpftrace's form; a program's own probes (-l -e).
set -eu
command -v bpftrace >/dev/null || { echo "bpftrace missing: tests/install-deps.sh installs it"; exit 1; }
d=${TMPDIR:-/tmp}
for s in 'kprobe:vfs_rea*' 't:syscalls:sys_enter_close' \
	 '-v tracepoint:syscalls:sys_enter_openat*' 'uprobe:/bin/bash:readline*'; do
	# shellcheck disable=SC2086
	bpftrace -l $s >"$d/bt.list"
	# shellcheck disable=SC2086
	"$DTRACE" --bpftrace -l $s >"$d/dt.list"
	[ -s "$d/bt.list" ] || { echo "bpftrace listed nothing for $s"; exit 1; }
	diff -u "$d/bt.list" "$d/dt.list" || { echo "for: -l $s"; exit 1; }
done
out=$("$DTRACE" --bpftrace -l 'kr:vfs_read')
[ "$out" = "kretprobe:vfs_read" ] || { echo "kr:vfs_read: $out"; exit 1; }
# software: each event once, as software:EVENT:
out=$("$DTRACE" --bpftrace -l 'software:*')
echo "$out" | grep -qx 'software:cpu-clock:' || { echo "no cpu-clock: $out"; exit 1; }
echo "$out" | grep -qx 'software:page-faults:' || { echo "no page-faults: $out"; exit 1; }
[ "$(echo "$out" | grep -cv '^software:[a-z-]*:$')" = 0 ] || { echo "odd lines: $out"; exit 1; }
# no search type: a glob over every name
out=$("$DTRACE" --bpftrace -l '*do_nanosleep*')
[ "$out" = "kprobe:do_nanosleep" ] || { echo "*do_nanosleep*: $out"; exit 1; }
# the program's probes
out=$("$DTRACE" --bpftrace -l -e 'kprobe:vfs_read { } tracepoint:syscalls:sys_enter_close { }')
[ "$out" = "kprobe:vfs_read
tracepoint:syscalls:sys_enter_close" ] || { echo "-l -e: $out"; exit 1; }
# a type we do not have: nothing, at once
out=$("$DTRACE" --bpftrace -l 'hardware:*')
[ -z "$out" ] || { echo "hardware: $out"; exit 1; }
# nothing matches: nothing printed, as bpftrace
out=$("$DTRACE" --bpftrace -l 'kprobe:nosuchfunc_xyz')
[ -z "$out" ] || { echo "nosuchfunc: $out"; exit 1; }
echo ok
