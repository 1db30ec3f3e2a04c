#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Debian's bpftrace tools beside Debian's bpftrace (see
# bt-tools-vs-bpftrace-1.sh). Part 3: tools whose events this guest
# does not have (no block device, no XFS, no readline, no TLS, no
# swap), or whose functions 6.1 lacks (biolatency, xfsdist and
# ssl*'s local functions, skipped with a warning by both): the header
# and the maps printed empty at exit.
set -eu
. ./bt-lib.inc
command -v bpftrace >/dev/null || { echo "bpftrace missing"; exit 1; }
export BT_WORK='ls / >/dev/null; sleep 1.2'
for t in bashreadline biolatency swapin writeback xfsdist ssllatency \
	 sslsnoop; do
	bt_tool_vs "$t" NONE NONE
done
# bitesize: Debian's bpftrace 0.17 hangs after SIGINT on it here (it
# never prints its END), so beside 0.17 dtrace's output is checked
# alone, against the tool's text; beside later releases, bt_tool_vs
if [ "$(bt_rel)" -gt 17 ]; then
	bt_tool_vs bitesize NONE NONE
	exit 0
fi
d=${TMPDIR:-/tmp}
bt_tool_run "$d/bitesize.dt.out" "$DTRACE" -s /usr/sbin/bitesize.bt
want='Attaching 3 probes...
Tracing block device I/O... Hit Ctrl-C to end.

I/O size (bytes) histograms by process name:

'
[ "$(cat "$d/bitesize.dt.out"; echo .)" = "$want
." ] || { echo "bitesize:"; cat -A "$d/bitesize.dt.out"; exit 1; }
